/**
 * A value the API answers once (a set-password link, an API token): shown in a read-only field
 * with a copy button, and a warning that it is not shown again.
 * @module
 */
import { useId, useState } from 'react';

/** Copies text: the browser's clipboard, injectable for tests. @default navigator.clipboard.writeText */
export type CopyText = (text: string) => Promise<void>;

const browserCopy: CopyText = async (text) => {
  if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
};

/** The once-shown value. */
export function OperatorSecret({ label, value, note, copy = browserCopy }: { label: string; value: string; note: string; copy?: CopyText }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <div className="admin-secret">
      <label id={`${id}-label`} htmlFor={`${id}-value`}>{label}</label>
      <div className="admin-secret-row">
        <input id={`${id}-value`} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="admin-button"
          onClick={() => { copy(value).then(() => setCopied('yes'), () => setCopied('no')); }}
        >
          Copy
        </button>
      </div>
      <p className="admin-hint" role="status">
        {copied === 'yes' ? 'Copied. ' : copied === 'no' ? 'Could not copy: select the text and copy it. ' : ''}{note}
      </p>
    </div>
  );
}
