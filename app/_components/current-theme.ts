import { cookies } from "next/headers";
import { cache } from "react";
import { parseTheme, THEME_COOKIE, type Theme } from "./theme";

/** The theme the writer chose (the cookie), read once per render. */
export const currentTheme = cache(async (): Promise<Theme> => parseTheme((await cookies()).get(THEME_COOKIE)?.value));
