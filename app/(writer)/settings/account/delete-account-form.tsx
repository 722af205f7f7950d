"use client";

import Link from "next/link";
import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { SubmitButton } from "../../../_components/submit-button";
import { deleteAccountAction, type DeleteAccountState } from "./actions";

/**
 * Leaving, with everything the account owns. The password stands for "are you sure": a tab left
 * open on a shared computer cannot delete a writer's books with one click.
 */
export function DeleteAccountForm() {
  const t = useTranslations("settings.account.delete");
  const [state, action] = useActionState(deleteAccountAction, {} as DeleteAccountState);
  return (
    <form action={action} className="stack" noValidate>
      <FormAlert message={state.message} />
      {state.sharedBooks && (
        <ul>
          {state.sharedBooks.map((book) => (
            <li key={book.id}>
              <Link href={`/books/${book.id}`}>{book.title || t("untitled")}</Link>
            </li>
          ))}
        </ul>
      )}
      <Field name="password" label={t("password")} type="password" autoComplete="current-password" required error={state.fields?.password} />
      <SubmitButton className="button danger solid" pending={t("pending")}>
        {t("submit")}
      </SubmitButton>
    </form>
  );
}
