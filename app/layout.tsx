import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { GeistSans } from "geist/font/sans";
import type { ReactNode } from "react";
import "@fontsource-variable/literata/opsz.css";
import "@fontsource-variable/literata/opsz-italic.css";
import "./globals.css";
import { currentTheme } from "./_components/current-theme";

export const metadata: Metadata = {
  title: { default: "Inkstone", template: "%s · Inkstone" },
  description: "Where novels get written.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#faf7f2" },
    { media: "(prefers-color-scheme: dark)", color: "#171513" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, so each gets its own script nonce
  // (proxy.ts); a page built once at build time would carry none and its scripts would not run.
  await headers();
  const theme = await currentTheme();
  return (
    <html lang="en" className={GeistSans.variable} data-theme={theme === "system" ? undefined : theme}>
      <body>{children}</body>
    </html>
  );
}
