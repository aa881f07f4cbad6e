/** Text with `code` spans. */
export function Prose({ text }: { text: string }) {
  const parts = text.split('`');
  return <p>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</p>;
}
