import { z } from "zod";
import { deleteBookCover } from "../../books/cover";
import { deleteBook } from "../../books/delete-book";
import { getBook } from "../../books/get-book";
import { booksCollection, listBooks } from "../../books/list-books";
import { bookIdParams, bookSchema, patchBookInput } from "../../books/schemas";
import { updateBook } from "../../books/update-book";
import { createBookEndpoint } from "../../http/endpoints/books";
import { operationProcedure, router } from "../init";
import { listProcedure } from "../list-procedure";
import { procedureOf } from "../procedure-of";

// Fields are named as REST's path parameters name them, with their rules: `bookId`.
const bookRef = bookIdParams.shape;

export const booksRouter = router({
  /** Books as REST lists them (the caller's; every writer's for an admin-scoped credential), most
   *  recently changed first, with REST's paging, sorting and filters. */
  list: listProcedure({
    operation: "books.list",
    collection: booksCollection,
    own: {},
    item: bookSchema,
    list: (_, options, principal) => listBooks(options, principal),
  }),
  get: operationProcedure("books.get")
    .input(z.strictObject(bookRef))
    .output(bookSchema)
    .query(({ input, ctx }) => getBook(input, ctx.principal)),
  create: procedureOf(createBookEndpoint),
  update: operationProcedure("books.update")
    .input(z.strictObject({ ...bookRef, changes: patchBookInput }))
    .output(bookSchema)
    .mutation(({ input, ctx }) => updateBook(input, ctx.principal)),
  delete: operationProcedure("books.delete")
    .input(z.strictObject({ ...bookRef, permanent: z.boolean().default(false) }))
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await deleteBook(input, ctx.principal);
      return { deleted: true as const };
    }),
  /** Setting a cover is REST's (PUT …/cover, a multipart file); removing it is both's. */
  deleteCover: operationProcedure("books.deleteCover")
    .input(z.strictObject(bookRef))
    .output(bookSchema)
    .mutation(({ input, ctx }) => deleteBookCover(input, ctx.principal)),
});
