import { CopyButton } from './CopyButton';

/** A code sample with its language and a copy button. The <pre> is focusable so it scrolls by keyboard. */
export function CodeBlock({ code, language, label, testId }: { code: string; language: string; label: string; testId?: string }) {
  return (
    <figure className="code-block" aria-label={label} data-testid={testId}>
      <div className="code-block-header">
        <span>{language}</span>
        <CopyButton text={code} />
      </div>
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
