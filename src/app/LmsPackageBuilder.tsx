/**
 * The instructors' guide's package builder: the same zip `npm run -s package` writes (cmi5 or
 * SCORM 1.2, the whole course or chosen items), built in the browser from the build's own
 * catalog and downloaded. Nothing is sent anywhere.
 */
import { useId, useState } from 'react';
import {
  buildPackage,
  PACKAGE_FORMATS,
  type CourseCatalog,
  type PackageFormat,
} from '../lms-package';
import { lessons } from '../lessons/registry';
import { questionIndex } from '../lessons/question-index';
import { WIDGETS } from '../widgets/registry';
import { PUZZLES } from '../puzzles/catalog';
import { CHECK_SECTION } from '../embed-page/resolve-target';

/** The course as the package builder needs it, from the build's tables. */
export function browserCatalog(): CourseCatalog {
  const withCheck = new Set(
    Object.values(questionIndex)
      .filter((q) => q.section === CHECK_SECTION && !q.inKnowledgeCheck)
      .map((q) => q.slug),
  );
  return {
    lessons: lessons.map((l) => ({
      slug: l.slug,
      title: l.title,
      summary: l.summary,
      hasCheck: withCheck.has(l.slug),
    })),
    widgets: WIDGETS.map((w) => ({ id: w.id, title: w.title ?? w.label })),
    puzzles: PUZZLES.map((p) => ({ id: p.id, title: p.title })),
  };
}

/** This site's address without query or hash: where the packaged items frame their embeds from. */
function siteBase(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

const FORMAT_NAMES: Record<PackageFormat, string> = {
  cmi5: 'cmi5 (cmi5.xml)',
  scorm12: 'SCORM 1.2 (imsmanifest.xml and launch pages)',
};

/** The form: base URL, format, items; a button that downloads the zip. */
export function LmsPackageBuilder() {
  const id = useId();
  const [baseUrl, setBaseUrl] = useState(siteBase);
  const [format, setFormat] = useState<PackageFormat>('scorm12');
  const [items, setItems] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  function build() {
    try {
      const built = buildPackage({ baseUrl, format, items }, browserCatalog());
      const url = URL.createObjectURL(new Blob([built.zip.slice()], { type: 'application/zip' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = built.fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setMessage({
        error: false,
        text: `Built ${built.fileName}: ${built.items.length} items, ${built.zip.length.toLocaleString('en-US')} bytes.`,
      });
    } catch (error) {
      setMessage({ error: true, text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <form
      className="lms-package-builder"
      data-lms-package
      onSubmit={(event) => {
        event.preventDefault();
        build();
      }}
    >
      <p>
        <label htmlFor={`${id}-base`}>Where GPU Lab is served (the base URL)</label>
        <br />
        <input
          id={`${id}-base`}
          type="url"
          size={48}
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </p>
      <fieldset>
        <legend>Format</legend>
        {PACKAGE_FORMATS.map((f) => (
          <label key={f}>
            <input
              type="radio"
              name={`${id}-format`}
              value={f}
              checked={format === f}
              onChange={() => setFormat(f)}
            />{' '}
            {FORMAT_NAMES[f]}
          </label>
        ))}
      </fieldset>
      <p>
        <label htmlFor={`${id}-items`}>
          Items (empty for the whole course), e.g.{' '}
          <code>lesson:serving,check:serving,widget:race</code>
        </label>
        <br />
        <input
          id={`${id}-items`}
          type="text"
          size={48}
          value={items}
          onChange={(e) => setItems(e.target.value)}
        />
      </p>
      <p>
        <button type="submit">Build package</button>
      </p>
      <p role={message?.error ? 'alert' : 'status'} data-lms-package-message>
        {message?.text ?? ''}
      </p>
    </form>
  );
}
