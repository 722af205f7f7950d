"use client";

import { useId, useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";

/**
 * A secret the server shows once (a new token, a webhook's signing secret), with a copy button: it
 * cannot be shown again after this page. `said` opens it, `label` names the field for a screen
 * reader, `use` says what to do with it.
 */
export function OneTimeSecret({ secret, said, label, use }: { secret: string; said: ReactNode; label: string; use: ReactNode }) {
  const t = useTranslations("shell.secret");
  const [copied, setCopied] = useState(false);
  const id = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="secret" role="status">
      <p>{said}</p>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="secret-row">
        <input id={id} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} className="mono" />
        <button type="button" className="button secondary" onClick={copy}>
          {copied ? t("copied") : t("copy")}
        </button>
      </div>
      <p className="muted">{use}</p>
    </div>
  );
}
