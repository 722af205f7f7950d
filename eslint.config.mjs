import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: [".build/**", ".next/**", ".next-*/**", "cli/dist/**", "node_modules/**", "server/generated/**", "packages/trpc-types/index.d.ts", "next-env.d.ts", "playwright-report/**", "test-results/**"],
  },
];

export default config;
