/**
 * WGSL highlighting for CodeMirror: a small stream tokenizer (keywords, types, attributes,
 * numbers, built-in functions, line and nested block comments). Highlighting only: the GPU's
 * own compiler does the real checking.
 */
import { StreamLanguage, type StreamParser } from '@codemirror/language';

const KEYWORDS = new Set(
  (
    'alias break case const const_assert continue continuing default diagnostic discard else ' +
    'enable fn for if let loop override requires return struct switch var while'
  ).split(' '),
);
const TYPES = new Set(
  (
    'bool f16 f32 i32 u32 vec2 vec3 vec4 vec2f vec3f vec4f vec2u vec3u vec4u vec2i vec3i vec4i ' +
    'mat2x2 mat3x3 mat4x4 mat2x2f mat3x3f mat4x4f array atomic ptr sampler texture_2d ' +
    'function private workgroup uniform storage read write read_write'
  ).split(' '),
);
const BUILTINS = new Set(
  (
    'abs all any arrayLength atomicAdd atomicAnd atomicCompareExchangeWeak atomicExchange ' +
    'atomicLoad atomicMax atomicMin atomicOr atomicStore atomicSub atomicXor ceil clamp cos ' +
    'cross distance dot exp exp2 floor fma fract inverseSqrt length log log2 max min mix pow ' +
    'round select sign sin sqrt storageBarrier tanh transpose trunc workgroupBarrier ' +
    'workgroupUniformLoad bitcast'
  ).split(' '),
);

/** The tokenizer's state: how deep inside nested block comments it is. */
interface WgslState {
  commentDepth: number;
}

/** Reads on inside a block comment, tracking nesting; returns the token. */
function blockComment(stream: Parameters<StreamParser<WgslState>['token']>[0], state: WgslState) {
  while (!stream.eol()) {
    if (stream.match('/*')) state.commentDepth++;
    else if (stream.match('*/')) {
      state.commentDepth--;
      if (state.commentDepth === 0) break;
    } else stream.next();
  }
  return 'comment';
}

/** The stream parser. */
export const wgslParser: StreamParser<WgslState> = {
  name: 'wgsl',
  startState: () => ({ commentDepth: 0 }),
  copyState: (state) => ({ ...state }),
  token(stream, state) {
    if (state.commentDepth > 0) return blockComment(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) {
      state.commentDepth = 1;
      return blockComment(stream, state);
    }
    if (stream.match(/^@[A-Za-z_]\w*/)) return 'meta';
    if (
      stream.match(
        /^(0[xX][0-9a-fA-F]+|\d+\.\d*(e[+-]?\d+)?|\.\d+(e[+-]?\d+)?|\d+(e[+-]?\d+)?)[iufh]?/,
      )
    ) {
      return 'number';
    }
    const word = stream.match(/^[A-Za-z_]\w*/);
    if (word) {
      const text = stream.current();
      if (KEYWORDS.has(text)) return 'keyword';
      if (text === 'true' || text === 'false') return 'atom';
      if (TYPES.has(text)) return 'typeName';
      if (BUILTINS.has(text)) return 'builtin';
      return 'variableName';
    }
    if (stream.match(/^[-+*/%=<>!&|^~]+/)) return 'operator';
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: '//', block: { open: '/*', close: '*/' } } },
};

/** WGSL as a CodeMirror language. */
export const wgslLanguage = StreamLanguage.define(wgslParser);
