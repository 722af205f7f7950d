"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";

/** A submit button that says it is working while its form's action runs. */
export function SubmitButton({ children, pending, className }: { children: ReactNode; pending?: ReactNode; className?: string }) {
  const status = useFormStatus();
  return (
    <button type="submit" className={className ?? "button"} disabled={status.pending} aria-busy={status.pending || undefined}>
      {status.pending && pending ? pending : children}
    </button>
  );
}
