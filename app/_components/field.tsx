import type { InputHTMLAttributes } from "react";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement | HTMLTextAreaElement>, "name"> {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  multiline?: boolean;
}

/** A labelled input (or textarea) with an optional hint and an error tied to it for screen readers. */
export function Field({ name, label, hint, error, multiline = false, id, ...input }: FieldProps) {
  const fieldId = id ?? `field-${name}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const common = {
    id: fieldId,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      {multiline ? <textarea {...common} {...input} rows={3} /> : <input {...common} {...input} />}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
