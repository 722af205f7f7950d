import { z } from "zod";
import { deleteBookCover } from "../../books/cover";
import { booksCollection, listBooks } from "../../books/list-books";
import { bookIdParams, bookSchema } from "../../books/schemas";
import { createBookEndpoint, deleteBookEndpoint, getBookEndpoint, patchBookEndpoint } from "../../http/endpoints/books";
import { operationProcedure, router } from "../init";
import { listProcedure } from "../list-procedure";
import { procedureOf } from "../procedure-of";

// Derived from REST's declarations (decision 0463) but the list (listProcedure, from REST's
// collection spec) and deleteCover (REST answers 204, tRPC the book). Fields are named as REST's
// path parameters name them, with their rules: `bookId`.
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
  get: procedureOf(getBookEndpoint),
  create: procedureOf(createBookEndpoint),
  update: procedureOf(patchBookEndpoint),
  delete: procedureOf(deleteBookEndpoint, "deleted"),
  /** Setting a cover is REST's (PUT …/cover, a multipart file); removing it is both's. */
  deleteCover: operationProcedure("books.deleteCover")
    .input(z.strictObject(bookRef))
    .output(bookSchema)
    .mutation(({ input, ctx }) => deleteBookCover(input, ctx.principal)),
});
