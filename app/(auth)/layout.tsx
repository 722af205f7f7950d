import type { ReactNode } from "react";

/** Sign-in and sign-up: one calm card in the middle of the page. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="wordmark auth-wordmark">Inkstone</p>
        {children}
      </div>
    </main>
  );
}
