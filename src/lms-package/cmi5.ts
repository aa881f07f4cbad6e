/**
 * A cmi5 course structure (`cmi5.xml`): one block holding one assignable unit per item, each
 * pointing at its GPU Lab embed with its move-on rule (Completed for lessons, widgets and puzzles;
 * Passed with a mastery score for checks). The embeds speak cmi5 themselves (src/embed/cmi5*.ts).
 */
import type { PackageItem } from './items';
import { escapeXml } from './xml';

/** The namespace of the cmi5 course structure schema (CourseStructure.xsd). */
export const CMI5_NAMESPACE = 'http://aicc.org/CMI5/CourseStructure.xsd';

/** The activity id of the package's course, block or one of its AUs. */
export function cmi5ActivityId(base: string, path: string): string {
  return `${base}cmi5/${path}`;
}

function text(tag: string, value: string, indent: string): string {
  return `${indent}<${tag}><langstring lang="en-US">${escapeXml(value)}</langstring></${tag}>`;
}

/** The AU's move-on rule: Passed for checks (with a mastery score), Completed for the rest. */
export function moveOnOf(item: PackageItem): 'Passed' | 'Completed' {
  return item.mastery !== null ? 'Passed' : 'Completed';
}

/** `cmi5.xml` for these items under this base URL (ending in `/`). */
export function cmi5Xml(
  base: string,
  items: readonly PackageItem[],
  course: { title: string; description: string },
): string {
  const aus = items.map((item) => {
    const mastery = item.mastery !== null ? ` masteryScore="${item.mastery}"` : '';
    return [
      `    <au id="${escapeXml(cmi5ActivityId(base, `au/${item.kind}/${item.id}`))}" moveOn="${moveOnOf(item)}"${mastery} launchMethod="AnyWindow">`,
      text('title', item.title, '      '),
      text('description', item.description, '      '),
      `      <url>${escapeXml(base + item.embedHash)}</url>`,
      '    </au>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<courseStructure xmlns="${CMI5_NAMESPACE}">`,
    `  <course id="${escapeXml(cmi5ActivityId(base, 'course'))}">`,
    text('title', course.title, '    '),
    text('description', course.description, '    '),
    '  </course>',
    `  <block id="${escapeXml(cmi5ActivityId(base, 'block'))}">`,
    text('title', course.title, '    '),
    text('description', course.description, '    '),
    ...aus,
    '  </block>',
    '</courseStructure>',
    '',
  ].join('\n');
}
