/**
 * A walk over printed arguments that knows their quoting and nesting: the characters outside
 * quoted strings, each with the depth of brackets (`()`, `[]`, `{}`) around it. Splitting at
 * top-level commas and finding a closing parenthesis are both this walk.
 */

/**
 * Walks `text` from bracket depth `depth`, skipping quoted strings (and their quotes), and calls
 * `stop(index, char, depthAfter)` for every other character, with the depth once that
 * character is counted. Returns the first index where `stop` says true, or -1.
 */
export function scanOutsideQuotes(
  text: string,
  depth: number,
  stop: (index: number, char: string, depthAfter: number) => boolean,
): number {
  let quote = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth += 1;
    else if (c === ')' || c === ']' || c === '}') depth -= 1;
    if (stop(i, c, depth)) return i;
  }
  return -1;
}
