import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

interface Described {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  id?: string;
}

interface FieldProps extends Described, Omit<InputHTMLAttributes<HTMLInputElement | HTMLTextAreaElement>, "name" | "id"> {
  multiline?: boolean;
  rows?: number;
}

/**
 * The label, hint and error around a control, tied to it for screen readers. The id is the page's
 * own (useId): two forms on one page often share a field's name (the book page's New chapter and
 * its Book details dialog both have a `title`), and a label would then name the other's input.
 */
function Labelled({ name, label, hint, error, id, control }: Described & { control: (props: object) => ReactNode }) {
  const unique = useId();
  const fieldId = id ?? `field-${name}-${unique}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      {control({ id: fieldId, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
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

/** A labelled input (or textarea) with an optional hint and an error tied to it for screen readers. */
export function Field({ name, label, hint, error, multiline = false, rows = 3, id, ...input }: FieldProps) {
  return (
    <Labelled
      {...{ name, label, hint, error, id }}
      control={(common) => (multiline ? <textarea {...common} {...input} rows={rows} /> : <input {...common} {...input} />)}
    />
  );
}

interface SelectFieldProps extends Described, Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id"> {
  options: readonly { value: string; label: string }[];
}

/** A labelled select, like Field. */
export function SelectField({ name, label, hint, error, id, options, ...select }: SelectFieldProps) {
  return (
    <Labelled
      {...{ name, label, hint, error, id }}
      control={(common) => (
        <select {...common} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
