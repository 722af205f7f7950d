-- The interface language a writer chose: English or Simplified Chinese, null as the browser asks (issue 32 item 1, decision 0504)
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
