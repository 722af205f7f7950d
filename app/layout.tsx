import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { GeistSans } from "geist/font/sans";
import type { ReactNode } from "react";
import "@fontsource-variable/literata/opsz.css";
import "@fontsource-variable/literata/opsz-italic.css";
import "./globals.css";
import { currentTheme } from "./_components/current-theme";
import { IntlProvider } from "./_i18n/intl-provider";
import { getT, requestIntl } from "./_i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("common");
  return { title: { default: "Inkstone", template: "%s · Inkstone" }, description: t("siteDescription") };
}

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
  const [theme, { locale, timeZone }] = await Promise.all([currentTheme(), requestIntl()]);
  return (
    <html lang={locale} className={GeistSans.variable} data-theme={theme === "system" ? undefined : theme}>
      <body>
        <IntlProvider locale={locale} timeZone={timeZone}>
          {children}
        </IntlProvider>
      </body>
    </html>
  );
}
