/** A form-level message, announced when it appears. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-alert">
      {message}
    </p>
  );
}
