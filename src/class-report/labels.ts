/**
 * Who a progress file belongs to, from its name: whatever the learner or the LMS put around
 * GPU Lab's own download name. Moodle's bulk download names each file after the learner
 * ("Ada Lovelace_1234_assignsubmission_file_gpu-lab-progress-2026-03-02.json", or a folder of that
 * name), Canvas puts the learner's sortable name and ids first ("lovelaceada_1234_5678_…"), and a
 * browser's second download adds " (1)". Pure.
 */

/** Longest label kept, in characters. */
export const MAX_LABEL_CHARS = 120;

/** GPU Lab's own download name, with or without its day. */
const OWN_NAME = /gpu-lab-progress(?:-\d{4}-\d{2}-\d{2})?/gi;
/** A browser's or a file manager's copy marks: " (1)", " copy", "-2" after the own name. */
const COPY_MARK = /(?:\s*\(\d+\)|\s+copy(?:\s+\d+)?)+$/i;
/** Moodle's submission marker, Canvas's LATE flag and the numeric ids both put in. */
const LMS_NOISE = /_assignsubmission_file_?|_onlinetext_?|(?:^|_)LATE(?=_|$)|_\d{2,}(?=_|$)/g;

/** Text cut to the label's length, control characters removed. */
function tidy(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  const chars = Array.from(clean);
  return chars.length > MAX_LABEL_CHARS
    ? `${chars.slice(0, MAX_LABEL_CHARS - 1).join('')}…`
    : clean;
}

/** The learner's part of one name (a file's without its extension, or a folder's), or ''. */
function learnerPart(name: string): string {
  return name
    .replace(/\.json$/i, '')
    .replace(COPY_MARK, '')
    .replace(OWN_NAME, ' ')
    .replace(COPY_MARK, '')
    .replace(LMS_NOISE, ' ')
    .replace(/[\s_]+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '');
}

/**
 * The learner's label for a file at `path` (a file's name, or a path inside a zip): its name
 * without GPU Lab's download name and the LMS's additions; the folder's name when the file is
 * only GPU Lab's own name; the whole name when nothing else is left.
 */
export function labelFromPath(path: string): string {
  const parts = path.split(/[/\\]/).filter((p) => p !== '');
  const base = parts.at(-1) ?? path;
  const own = learnerPart(base);
  if (own !== '') return tidy(own);
  for (let i = parts.length - 2; i >= 0; i--) {
    const folder = learnerPart(parts[i]!);
    if (folder !== '') return tidy(folder);
  }
  return tidy(base) || 'unnamed file';
}

/** The form two labels are compared in: case and spacing ignored. */
export function labelKey(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').trim();
}
