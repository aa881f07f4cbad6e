/** Shown for a URL that names no page or no lesson. */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <div className="page narrow">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{path}</code>. It may have been renamed.
      </p>
      <p>
        <a href="#/">Go to the course home</a>
      </p>
    </div>
  );
}
