import { z } from "zod";
import { createBook } from "../../books/create-book";
import { deleteBook } from "../../books/delete-book";
import { getBook } from "../../books/get-book";
import { booksCollection, listBooks } from "../../books/list-books";
import { bookIdParams, bookSchema, createBookInput, patchBookInput } from "../../books/schemas";
import { updateBook } from "../../books/update-book";
import { defaultCollectionOptions, MAX_PER_PAGE } from "../../collections";
import { authedProcedure, router } from "../init";

/** tRPC names the book `id`; its rules are REST's `bookId` path parameter's. */
const bookRef = { id: bookIdParams.shape.bookId };

const listInput = z
  .strictObject({
    page: z.int().min(1).optional(),
    perPage: z.int().min(1).max(MAX_PER_PAGE).optional(),
    sortBy: z.enum(booksCollection.sortable).optional(),
    order: z.enum(["asc", "desc"]).optional().describe('defaults to "asc" when sortBy is given'),
    deleted: z.boolean().optional().describe("true lists the trash"),
  })
  .optional();

export const booksRouter = router({
  /** Books as REST lists them (the caller's; every writer's for an admin-scoped credential), most
   *  recently changed first, the first 100 unless a page is asked for. */
  list: authedProcedure
    .input(listInput)
    .output(z.array(bookSchema))
    .query(async ({ input = {}, ctx }) => {
      const { deleted, perPage = MAX_PER_PAGE, ...sorting } = input;
      const options = defaultCollectionOptions(booksCollection, { ...sorting, perPage, filters: { deleted } });
      return (await listBooks(options, ctx.principal)).items;
    }),
  get: authedProcedure
    .input(z.strictObject(bookRef))
    .output(bookSchema)
    .query(({ input, ctx }) => getBook({ bookId: input.id }, ctx.principal)),
  create: authedProcedure
    .input(createBookInput)
    .output(bookSchema)
    .mutation(({ input, ctx }) => createBook(input, ctx.principal)),
  update: authedProcedure
    .input(z.strictObject({ ...bookRef, changes: patchBookInput }))
    .output(bookSchema)
    .mutation(({ input, ctx }) => updateBook({ bookId: input.id, changes: input.changes }, ctx.principal)),
  delete: authedProcedure
    .input(z.strictObject({ ...bookRef, permanent: z.boolean().default(false) }))
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await deleteBook({ bookId: input.id, permanent: input.permanent }, ctx.principal);
      return { deleted: true as const };
    }),
});
