"use client";

import { useState } from "react";

/** The freshly made token, with a copy button: it cannot be shown again after this page. */
export function NewTokenSecret({ name, token }: { name: string; token: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="secret" role="status">
      <p>
        <strong>Token “{name}” created.</strong> Copy it now and keep it somewhere safe: it will not be shown again.
      </p>
      <label htmlFor="new-token-value" className="visually-hidden">
        Your new token
      </label>
      <div className="secret-row">
        <input id="new-token-value" readOnly value={token} onFocus={(e) => e.currentTarget.select()} className="mono" />
        <button type="button" className="button secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="muted">
        Send it as <code>Authorization: Bearer …</code>.
      </p>
    </div>
  );
}
