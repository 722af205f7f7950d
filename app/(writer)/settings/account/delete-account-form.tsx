"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { SubmitButton } from "../../../_components/submit-button";
import { deleteAccountAction, type DeleteAccountState } from "./actions";

/**
 * Leaving, with everything the account owns. The password stands for "are you sure": a tab left
 * open on a shared computer cannot delete a writer's books with one click.
 */
export function DeleteAccountForm() {
  const [state, action] = useActionState(deleteAccountAction, {} as DeleteAccountState);
  return (
    <form action={action} className="stack" noValidate>
      <FormAlert message={state.message} />
      {state.sharedBooks && (
        <ul>
          {state.sharedBooks.map((book) => (
            <li key={book.id}>
              <Link href={`/books/${book.id}`}>{book.title || "Untitled"}</Link>
            </li>
          ))}
        </ul>
      )}
      <Field name="password" label="Your password" type="password" autoComplete="current-password" required error={state.fields?.password} />
      <SubmitButton className="button danger solid" pending="Deleting…">
        Delete my account and my books
      </SubmitButton>
    </form>
  );
}
