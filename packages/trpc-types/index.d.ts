// Inkstone 0.1.0: the tRPC router's type, for @trpc/client 11 (decision 0477).
// Written by scripts/build-trpc-types.mjs from server/trpc/root.ts: do not edit.
import type { TRPCBuiltRouter, TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";

/** What a failed call carries: tRPC's shape, with Inkstone's error code and details under `data`. */
export type ErrorShape = {
  message: string;
  data: {
    code: "PARSE_ERROR" | "BAD_REQUEST" | "INTERNAL_SERVER_ERROR" | "NOT_IMPLEMENTED" | "BAD_GATEWAY" | "SERVICE_UNAVAILABLE" | "GATEWAY_TIMEOUT" | "UNAUTHORIZED" | "PAYMENT_REQUIRED" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_SUPPORTED" | "TIMEOUT" | "CONFLICT" | "PRECONDITION_FAILED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE_CONTENT" | "PRECONDITION_REQUIRED" | "TOO_MANY_REQUESTS" | "CLIENT_CLOSED_REQUEST";
    httpStatus: number;
    path: string | undefined;
    appCode: number;
    error: "malformed_request" | "malformed_json" | "invalid_query" | "unauthenticated" | "invalid_token" | "token_expired" | "token_revoked" | "invalid_credentials" | "refresh_token_reused" | "insufficient_scope" | "forbidden" | "signup_closed" | "account_disabled" | "invitation_not_yours" | "not_your_comment" | "not_found" | "book_in_trash" | "chapter_in_trash" | "method_not_allowed" | "not_acceptable" | "email_taken" | "version_conflict" | "job_not_finished" | "template_not_installed" | "change_set_undone" | "name_taken" | "already_member" | "owner_not_member" | "suggestion_stale" | "suggestion_decided" | "job_finished" | "owns_shared_books" | "last_admin" | "own_account" | "chapter_in_snapshot" | "gone" | "invitation_gone" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "unsupported_format" | "format_mismatch" | "corrupt_document" | "invalid_encoding" | "conversion_timed_out" | "document_too_complex" | "invalid_pattern" | "search_timed_out" | "too_many_hits" | "nothing_to_replace" | "analysis_timed_out" | "bible_limit" | "destination_not_allowed" | "archive_too_large" | "rate_limited" | "internal" | "not_ready" | "database_unavailable" | "storage_full" | null;
    details: {} | null;
    requestId: string | null;
  };
  code: -32700 | -32600 | -32603 | -32001 | -32002 | -32003 | -32004 | -32005 | -32008 | -32009 | -32012 | -32013 | -32015 | -32022 | -32028 | -32029 | -32099;
};

/** Every procedure /api/trpc serves: `createTRPCClient<AppRouter>({ links: [httpBatchLink({ url, maxItems: 10, headers })] })`. */
export type AppRouter = TRPCBuiltRouter<
  { ctx: object; meta: object; errorShape: ErrorShape; transformer: false },
  {
    users: {
      me: TRPCQueryProcedure<{
        input: {
          [key: string]: never;
        } | undefined;
        output: {
          id: string;
          email: string;
          name: string;
          role: "admin" | "writer";
          locale: "en" | "zh-CN" | null;
          createdAt: string;
        };
        meta: object;
      }>;
      updateMe: TRPCMutationProcedure<{
        input: {
          locale?: "en" | "zh-CN" | null | undefined;
        };
        output: {
          id: string;
          email: string;
          name: string;
          role: "admin" | "writer";
          locale: "en" | "zh-CN" | null;
          createdAt: string;
        };
        meta: object;
      }>;
      changePassword: TRPCMutationProcedure<{
        input: {
          currentPassword: string;
          newPassword: string;
        };
        output: {
          revokedTokens: number;
          endedSessions: number;
        };
        meta: object;
      }>;
      deleteSelf: TRPCMutationProcedure<{
        input: {
          password: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      list: TRPCQueryProcedure<{
        input: {
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "email" | "createdAt" | undefined;
          order?: "asc" | "desc" | undefined;
          role?: "admin" | "writer" | undefined;
          disabled?: boolean | undefined;
          email?: string | undefined;
        } | undefined;
        output: {
          items: Array<{
              id: string;
              email: string;
              name: string;
              role: "admin" | "writer";
              locale: "en" | "zh-CN" | null;
              createdAt: string;
              disabledAt: string | null;
              books: number;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          userId: string;
        };
        output: {
          id: string;
          email: string;
          name: string;
          role: "admin" | "writer";
          locale: "en" | "zh-CN" | null;
          createdAt: string;
          disabledAt: string | null;
          books: number;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          userId: string;
          disabled?: boolean | undefined;
          role?: "admin" | "writer" | undefined;
        };
        output: {
          id: string;
          email: string;
          name: string;
          role: "admin" | "writer";
          locale: "en" | "zh-CN" | null;
          createdAt: string;
          disabledAt: string | null;
          books: number;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          userId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      resetPassword: TRPCMutationProcedure<{
        input: {
          userId: string;
        };
        output: {
          revokedTokens: number;
          endedSessions: number;
          temporaryPassword: string;
        };
        meta: object;
      }>;
      signOut: TRPCMutationProcedure<{
        input: {
          userId: string;
        };
        output: {
          revokedTokens: number;
          endedSessions: number;
        };
        meta: object;
      }>;
      archive: TRPCMutationProcedure<{
        input: {
          [key: string]: never;
        };
        output: {
          id: string;
          kind: string;
          ownerId: string;
          status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
          progress: number;
          result: unknown;
          error: {
            code: string;
            message: string;
          } | null;
          file: {
            name: string;
            mediaType: string;
            size: number;
          } | null;
          createdAt: string;
          startedAt: string | null;
          finishedAt: string | null;
          expiresAt: string;
          links: {
            self: string;
            file?: string | undefined;
          };
        };
        meta: object;
      }>;
    };
    backMatter: {
      get: TRPCQueryProcedure<{
        input: {
          [key: string]: never;
        } | undefined;
        output: {
          aboutAuthor: string | null;
          acknowledgements: string | null;
          alsoBy: Array<{
              bookId: string | null;
              seriesId: string | null;
              title: string;
              books: string[];
            }>;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          aboutAuthor?: string | null | undefined;
          acknowledgements?: string | null | undefined;
          alsoBy?: Array<{
              bookId: string;
            } | {
              seriesId: string;
            } | {
              title: string;
            }> | undefined;
        };
        output: {
          aboutAuthor: string | null;
          acknowledgements: string | null;
          alsoBy: Array<{
              bookId: string | null;
              seriesId: string | null;
              title: string;
              books: string[];
            }>;
        };
        meta: object;
      }>;
    };
    books: {
      list: TRPCQueryProcedure<{
        input: {
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "type" | "status" | "createdAt" | "title" | "wordCount" | "updatedAt" | undefined;
          order?: "asc" | "desc" | undefined;
          type?: string | undefined;
          status?: "planning" | "drafting" | "revising" | "finished" | undefined;
          language?: string | undefined;
          deleted?: boolean | undefined;
          ownerId?: string | undefined;
          access?: "mine" | "own" | "shared" | undefined;
        } | undefined;
        output: {
          items: Array<{
              id: string;
              ownerId: string;
              title: string;
              type: string;
              description: string;
              language: string;
              status: "planning" | "drafting" | "revising" | "finished";
              targetWordCount: number | null;
              wordCount: number;
              countRule: "words" | "characters" | "charactersWithoutPunctuation";
              paragraphIndent: "none" | "fullWidth" | "typographic";
              theme: "classic" | "modern" | "chinese";
              chapterCount: number;
              createdAt: string;
              updatedAt: string;
              deleted: boolean;
              deletedAt: string | null;
              cover: {
                mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
                size: number;
                updatedAt: string;
                url: string;
                width: number | null;
                height: number | null;
                warnings: Array<{
                    code: "cover_too_small" | "cover_below_recommended" | "cover_ratio";
                    message: string;
                  }>;
              } | null;
              author: string | null;
              contact: string | null;
              copyright: string | null;
              dedication: string | null;
              acknowledgements: string | null;
              aboutAuthor: string | null;
              backMatter: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null;
              accessibilityClaim: {
                conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
                certifiedBy: string;
                credential: string | null;
                report: string | null;
              } | null;
              role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          id: string;
          ownerId: string;
          title: string;
          type: string;
          description: string;
          language: string;
          status: "planning" | "drafting" | "revising" | "finished";
          targetWordCount: number | null;
          wordCount: number;
          countRule: "words" | "characters" | "charactersWithoutPunctuation";
          paragraphIndent: "none" | "fullWidth" | "typographic";
          theme: "classic" | "modern" | "chinese";
          chapterCount: number;
          createdAt: string;
          updatedAt: string;
          deleted: boolean;
          deletedAt: string | null;
          cover: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
            width: number | null;
            height: number | null;
            warnings: Array<{
                code: "cover_too_small" | "cover_below_recommended" | "cover_ratio";
                message: string;
              }>;
          } | null;
          author: string | null;
          contact: string | null;
          copyright: string | null;
          dedication: string | null;
          acknowledgements: string | null;
          aboutAuthor: string | null;
          backMatter: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null;
          accessibilityClaim: {
            conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
            certifiedBy: string;
            credential: string | null;
            report: string | null;
          } | null;
          role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          title: string;
          aboutAuthor?: string | null | undefined;
          acknowledgements?: string | null | undefined;
          backMatter?: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null | undefined;
          author?: string | null | undefined;
          contact?: string | null | undefined;
          copyright?: string | null | undefined;
          dedication?: string | null | undefined;
          accessibilityClaim?: {
            conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
            certifiedBy: string;
            credential?: string | null | undefined;
            report?: string | null | undefined;
          } | null | undefined;
          countRule?: "words" | "characters" | "charactersWithoutPunctuation" | undefined;
          paragraphIndent?: "none" | "fullWidth" | "typographic" | undefined;
          language?: string | undefined;
          status?: "planning" | "drafting" | "revising" | "finished" | undefined;
          targetWordCount?: number | null | undefined;
          theme?: "classic" | "modern" | "chinese" | undefined;
          type?: string | undefined;
          description?: string | undefined;
        };
        output: {
          id: string;
          ownerId: string;
          title: string;
          type: string;
          description: string;
          language: string;
          status: "planning" | "drafting" | "revising" | "finished";
          targetWordCount: number | null;
          wordCount: number;
          countRule: "words" | "characters" | "charactersWithoutPunctuation";
          paragraphIndent: "none" | "fullWidth" | "typographic";
          theme: "classic" | "modern" | "chinese";
          chapterCount: number;
          createdAt: string;
          updatedAt: string;
          deleted: boolean;
          deletedAt: string | null;
          cover: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
            width: number | null;
            height: number | null;
            warnings: Array<{
                code: "cover_too_small" | "cover_below_recommended" | "cover_ratio";
                message: string;
              }>;
          } | null;
          author: string | null;
          contact: string | null;
          copyright: string | null;
          dedication: string | null;
          acknowledgements: string | null;
          aboutAuthor: string | null;
          backMatter: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null;
          accessibilityClaim: {
            conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
            certifiedBy: string;
            credential: string | null;
            report: string | null;
          } | null;
          role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          bookId: string;
          changes: {
            deleted?: boolean | undefined;
            author?: string | null | undefined;
            contact?: string | null | undefined;
            copyright?: string | null | undefined;
            dedication?: string | null | undefined;
            acknowledgements?: string | null | undefined;
            aboutAuthor?: string | null | undefined;
            backMatter?: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null | undefined;
            accessibilityClaim?: {
              conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
              certifiedBy: string;
              credential?: string | null | undefined;
              report?: string | null | undefined;
            } | null | undefined;
            title?: string | undefined;
            type?: string | undefined;
            description?: string | undefined;
            language?: string | undefined;
            status?: "planning" | "drafting" | "revising" | "finished" | undefined;
            targetWordCount?: number | null | undefined;
            countRule?: "words" | "characters" | "charactersWithoutPunctuation" | undefined;
            paragraphIndent?: "none" | "fullWidth" | "typographic" | undefined;
            theme?: "classic" | "modern" | "chinese" | undefined;
          };
        };
        output: {
          id: string;
          ownerId: string;
          title: string;
          type: string;
          description: string;
          language: string;
          status: "planning" | "drafting" | "revising" | "finished";
          targetWordCount: number | null;
          wordCount: number;
          countRule: "words" | "characters" | "charactersWithoutPunctuation";
          paragraphIndent: "none" | "fullWidth" | "typographic";
          theme: "classic" | "modern" | "chinese";
          chapterCount: number;
          createdAt: string;
          updatedAt: string;
          deleted: boolean;
          deletedAt: string | null;
          cover: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
            width: number | null;
            height: number | null;
            warnings: Array<{
                code: "cover_too_small" | "cover_below_recommended" | "cover_ratio";
                message: string;
              }>;
          } | null;
          author: string | null;
          contact: string | null;
          copyright: string | null;
          dedication: string | null;
          acknowledgements: string | null;
          aboutAuthor: string | null;
          backMatter: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null;
          accessibilityClaim: {
            conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
            certifiedBy: string;
            credential: string | null;
            report: string | null;
          } | null;
          role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          permanent?: boolean | undefined;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      deleteCover: TRPCMutationProcedure<{
        input: {
          bookId: string;
        };
        output: {
          id: string;
          ownerId: string;
          title: string;
          type: string;
          description: string;
          language: string;
          status: "planning" | "drafting" | "revising" | "finished";
          targetWordCount: number | null;
          wordCount: number;
          countRule: "words" | "characters" | "charactersWithoutPunctuation";
          paragraphIndent: "none" | "fullWidth" | "typographic";
          theme: "classic" | "modern" | "chinese";
          chapterCount: number;
          createdAt: string;
          updatedAt: string;
          deleted: boolean;
          deletedAt: string | null;
          cover: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
            width: number | null;
            height: number | null;
            warnings: Array<{
                code: "cover_too_small" | "cover_below_recommended" | "cover_ratio";
                message: string;
              }>;
          } | null;
          author: string | null;
          contact: string | null;
          copyright: string | null;
          dedication: string | null;
          acknowledgements: string | null;
          aboutAuthor: string | null;
          backMatter: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null;
          accessibilityClaim: {
            conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
            certifiedBy: string;
            credential: string | null;
            report: string | null;
          } | null;
          role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
        };
        meta: object;
      }>;
    };
    members: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            userId: string;
            email: string;
            name: string;
            role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
            addedAt: string;
          }>;
        meta: object;
      }>;
      add: TRPCMutationProcedure<{
        input: {
          bookId: string;
          email: string;
          role: "co_author" | "editor" | "beta_reader" | "viewer";
        };
        output: {
          userId: string;
          email: string;
          name: string;
          role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
          addedAt: string;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          bookId: string;
          userId: string;
          role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
        };
        output: {
          userId: string;
          email: string;
          name: string;
          role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
          addedAt: string;
        };
        meta: object;
      }>;
      remove: TRPCMutationProcedure<{
        input: {
          bookId: string;
          userId: string;
        };
        output: {
          removed: true;
        };
        meta: object;
      }>;
      activity: TRPCQueryProcedure<{
        input: {
          bookId: string;
          days?: unknown;
        };
        output: {
          since: string;
          people: Array<{
              userId: string;
              name: string;
              role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer" | null;
              written: number;
              removed: number;
              imported: number;
              restored: number;
              lastWrote: string | null;
              comments: number;
              suggested: number;
              suggestionsAccepted: number;
            }>;
          chapters: Array<{
              chapterId: string;
              version: number;
              authorId: string | null;
              authorName: string | null;
              changedAt: string;
            }>;
        };
        meta: object;
      }>;
    };
    invitations: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            role: "co_author" | "editor" | "beta_reader" | "viewer";
            email: string | null;
            invitedBy: {
              userId: string;
              name: string;
            };
            createdAt: string;
            expiresAt: string;
          }>;
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          role: "co_author" | "editor" | "beta_reader" | "viewer";
          email?: string | undefined;
          expiresInDays?: number | undefined;
        };
        output: {
          id: string;
          bookId: string;
          role: "co_author" | "editor" | "beta_reader" | "viewer";
          email: string | null;
          invitedBy: {
            userId: string;
            name: string;
          };
          createdAt: string;
          expiresAt: string;
          secret: string;
          link: string;
          emailed: boolean;
          emailNotSent: string | null;
        };
        meta: object;
      }>;
      withdraw: TRPCMutationProcedure<{
        input: {
          bookId: string;
          invitationId: string;
        };
        output: {
          withdrawn: true;
        };
        meta: object;
      }>;
      accept: TRPCMutationProcedure<{
        input: {
          secret: string;
        };
        output: {
          bookId: string;
          bookTitle: string;
          role: "co_author" | "editor" | "beta_reader" | "viewer";
        };
        meta: object;
      }>;
    };
    comments: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | "updatedAt" | undefined;
          order?: "asc" | "desc" | undefined;
          chapterId?: string | undefined;
          resolved?: boolean | undefined;
          detached?: boolean | undefined;
          mentions?: "me" | undefined;
        };
        output: {
          items: Array<{
              id: string;
              bookId: string;
              chapterId: string;
              chapterTitle: string;
              quote: string;
              start: number | null;
              end: number | null;
              detached: boolean;
              resolved: boolean;
              resolvedAt: string | null;
              resolvedBy: {
                id: string;
                name: string;
              } | null;
              author: {
                id: string;
                name: string;
              } | null;
              createdAt: string;
              updatedAt: string;
              comments: Array<{
                  id: string;
                  author: {
                    id: string;
                    name: string;
                  } | null;
                  body: string;
                  mentions: Array<{
                      id: string;
                      name: string;
                    }>;
                  createdAt: string;
                  editedAt: string | null;
                }>;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          start: number;
          end: number;
          body: string;
          quote?: string | undefined;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          chapterTitle: string;
          quote: string;
          start: number | null;
          end: number | null;
          detached: boolean;
          resolved: boolean;
          resolvedAt: string | null;
          resolvedBy: {
            id: string;
            name: string;
          } | null;
          author: {
            id: string;
            name: string;
          } | null;
          createdAt: string;
          updatedAt: string;
          comments: Array<{
              id: string;
              author: {
                id: string;
                name: string;
              } | null;
              body: string;
              mentions: Array<{
                  id: string;
                  name: string;
                }>;
              createdAt: string;
              editedAt: string | null;
            }>;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
          threadId: string;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          chapterTitle: string;
          quote: string;
          start: number | null;
          end: number | null;
          detached: boolean;
          resolved: boolean;
          resolvedAt: string | null;
          resolvedBy: {
            id: string;
            name: string;
          } | null;
          author: {
            id: string;
            name: string;
          } | null;
          createdAt: string;
          updatedAt: string;
          comments: Array<{
              id: string;
              author: {
                id: string;
                name: string;
              } | null;
              body: string;
              mentions: Array<{
                  id: string;
                  name: string;
                }>;
              createdAt: string;
              editedAt: string | null;
            }>;
        };
        meta: object;
      }>;
      resolve: TRPCMutationProcedure<{
        input: {
          bookId: string;
          threadId: string;
          resolved: boolean;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          chapterTitle: string;
          quote: string;
          start: number | null;
          end: number | null;
          detached: boolean;
          resolved: boolean;
          resolvedAt: string | null;
          resolvedBy: {
            id: string;
            name: string;
          } | null;
          author: {
            id: string;
            name: string;
          } | null;
          createdAt: string;
          updatedAt: string;
          comments: Array<{
              id: string;
              author: {
                id: string;
                name: string;
              } | null;
              body: string;
              mentions: Array<{
                  id: string;
                  name: string;
                }>;
              createdAt: string;
              editedAt: string | null;
            }>;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          threadId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      reply: TRPCMutationProcedure<{
        input: {
          bookId: string;
          threadId: string;
          body: string;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          chapterTitle: string;
          quote: string;
          start: number | null;
          end: number | null;
          detached: boolean;
          resolved: boolean;
          resolvedAt: string | null;
          resolvedBy: {
            id: string;
            name: string;
          } | null;
          author: {
            id: string;
            name: string;
          } | null;
          createdAt: string;
          updatedAt: string;
          comments: Array<{
              id: string;
              author: {
                id: string;
                name: string;
              } | null;
              body: string;
              mentions: Array<{
                  id: string;
                  name: string;
                }>;
              createdAt: string;
              editedAt: string | null;
            }>;
        };
        meta: object;
      }>;
      edit: TRPCMutationProcedure<{
        input: {
          bookId: string;
          threadId: string;
          commentId: string;
          body: string;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          chapterTitle: string;
          quote: string;
          start: number | null;
          end: number | null;
          detached: boolean;
          resolved: boolean;
          resolvedAt: string | null;
          resolvedBy: {
            id: string;
            name: string;
          } | null;
          author: {
            id: string;
            name: string;
          } | null;
          createdAt: string;
          updatedAt: string;
          comments: Array<{
              id: string;
              author: {
                id: string;
                name: string;
              } | null;
              body: string;
              mentions: Array<{
                  id: string;
                  name: string;
                }>;
              createdAt: string;
              editedAt: string | null;
            }>;
        };
        meta: object;
      }>;
      deleteComment: TRPCMutationProcedure<{
        input: {
          bookId: string;
          threadId: string;
          commentId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
    };
    suggestions: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | undefined;
          order?: "asc" | "desc" | undefined;
          chapterId?: string | undefined;
          state?: "accepted" | "open" | "rejected" | undefined;
          stale?: boolean | undefined;
        };
        output: {
          items: Array<{
              id: string;
              bookId: string;
              chapterId: string;
              chapterTitle: string;
              quote: string;
              replacement: string;
              start: number | null;
              end: number | null;
              stale: boolean;
              state: "accepted" | "open" | "rejected";
              author: {
                id: string;
                name: string;
              } | null;
              decidedBy: {
                id: string;
                name: string;
              } | null;
              decidedAt: string | null;
              acceptedVersion: number | null;
              createdAt: string;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          start: number;
          end: number;
          replacement: string;
          quote?: string | undefined;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          chapterTitle: string;
          quote: string;
          replacement: string;
          start: number | null;
          end: number | null;
          stale: boolean;
          state: "accepted" | "open" | "rejected";
          author: {
            id: string;
            name: string;
          } | null;
          decidedBy: {
            id: string;
            name: string;
          } | null;
          decidedAt: string | null;
          acceptedVersion: number | null;
          createdAt: string;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
          suggestionId: string;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          chapterTitle: string;
          quote: string;
          replacement: string;
          start: number | null;
          end: number | null;
          stale: boolean;
          state: "accepted" | "open" | "rejected";
          author: {
            id: string;
            name: string;
          } | null;
          decidedBy: {
            id: string;
            name: string;
          } | null;
          decidedAt: string | null;
          acceptedVersion: number | null;
          createdAt: string;
        };
        meta: object;
      }>;
      decide: TRPCMutationProcedure<{
        input: {
          bookId: string;
          suggestionId: string;
          state: "accepted" | "rejected";
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          chapterTitle: string;
          quote: string;
          replacement: string;
          start: number | null;
          end: number | null;
          stale: boolean;
          state: "accepted" | "open" | "rejected";
          author: {
            id: string;
            name: string;
          } | null;
          decidedBy: {
            id: string;
            name: string;
          } | null;
          decidedAt: string | null;
          acceptedVersion: number | null;
          createdAt: string;
        };
        meta: object;
      }>;
      decideChapter: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          state: "accepted" | "rejected";
        };
        output: {
          chapterId: string;
          version: number;
          decided: Array<{
              id: string;
              bookId: string;
              chapterId: string;
              chapterTitle: string;
              quote: string;
              replacement: string;
              start: number | null;
              end: number | null;
              stale: boolean;
              state: "accepted" | "open" | "rejected";
              author: {
                id: string;
                name: string;
              } | null;
              decidedBy: {
                id: string;
                name: string;
              } | null;
              decidedAt: string | null;
              acceptedVersion: number | null;
              createdAt: string;
            }>;
          left: Array<{
              id: string;
              bookId: string;
              chapterId: string;
              chapterTitle: string;
              quote: string;
              replacement: string;
              start: number | null;
              end: number | null;
              stale: boolean;
              state: "accepted" | "open" | "rejected";
              author: {
                id: string;
                name: string;
              } | null;
              decidedBy: {
                id: string;
                name: string;
              } | null;
              decidedAt: string | null;
              acceptedVersion: number | null;
              createdAt: string;
            }>;
        };
        meta: object;
      }>;
    };
    inbox: {
      list: TRPCQueryProcedure<{
        input: {
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | undefined;
          order?: "asc" | "desc" | undefined;
          unread?: boolean | undefined;
        } | undefined;
        output: {
          items: Array<{
              id: string;
              kind: "comment" | "reply" | "mention" | "invitation" | "suggestion" | "suggestion_accepted" | "suggestion_rejected" | "reader_finished" | "foreshadowing_overdue";
              read: boolean;
              createdAt: string;
              book: {
                id: string;
                title: string;
              };
              actor: {
                id: string;
                name: string;
                readerNumber: number | null;
              } | null;
              thread: {
                id: string;
                chapterId: string;
                chapterTitle: string;
                quote: string;
              } | null;
              comment: {
                id: string;
                excerpt: string;
              } | null;
              suggestion: {
                id: string;
                chapterId: string;
                chapterTitle: string;
                quote: string;
                replacement: string;
                state: "accepted" | "open" | "rejected";
              } | null;
              invitation: {
                id: string;
                role: "co_author" | "editor" | "beta_reader" | "viewer";
                expiresAt: string;
                state: "accepted" | "withdrawn" | "pending" | "expired" | "book_deleted";
                link: string | null;
              } | null;
              foreshadowing: {
                id: string;
                title: string;
                state: "planted" | "paid_off" | "dropped";
              } | null;
              readChapter: {
                id: string;
                title: string;
              } | null;
              href: string;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      mark: TRPCMutationProcedure<{
        input: {
          notificationId: string;
          read: boolean;
        };
        output: {
          id: string;
          kind: "comment" | "reply" | "mention" | "invitation" | "suggestion" | "suggestion_accepted" | "suggestion_rejected" | "reader_finished" | "foreshadowing_overdue";
          read: boolean;
          createdAt: string;
          book: {
            id: string;
            title: string;
          };
          actor: {
            id: string;
            name: string;
            readerNumber: number | null;
          } | null;
          thread: {
            id: string;
            chapterId: string;
            chapterTitle: string;
            quote: string;
          } | null;
          comment: {
            id: string;
            excerpt: string;
          } | null;
          suggestion: {
            id: string;
            chapterId: string;
            chapterTitle: string;
            quote: string;
            replacement: string;
            state: "accepted" | "open" | "rejected";
          } | null;
          invitation: {
            id: string;
            role: "co_author" | "editor" | "beta_reader" | "viewer";
            expiresAt: string;
            state: "accepted" | "withdrawn" | "pending" | "expired" | "book_deleted";
            link: string | null;
          } | null;
          foreshadowing: {
            id: string;
            title: string;
            state: "planted" | "paid_off" | "dropped";
          } | null;
          readChapter: {
            id: string;
            title: string;
          } | null;
          href: string;
        };
        meta: object;
      }>;
      markAllRead: TRPCMutationProcedure<{
        input: {
          [key: string]: never;
        };
        output: {
          marked: number;
        };
        meta: object;
      }>;
    };
    snapshots: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            name: string;
            note: string;
            createdAt: string;
            author: {
              userId: string;
              name: string | null;
            } | null;
            chapterCount: number;
            wordCount: number;
            part: {
              id: string;
              title: string;
            } | null;
          }>;
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          name: string;
          note?: string | undefined;
          partId?: string | undefined;
        };
        output: {
          id: string;
          bookId: string;
          name: string;
          note: string;
          createdAt: string;
          author: {
            userId: string;
            name: string | null;
          } | null;
          chapterCount: number;
          wordCount: number;
          part: {
            id: string;
            title: string;
          } | null;
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              version: number;
              wordCount: number;
            }>;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
          snapshotId: string;
        };
        output: {
          id: string;
          bookId: string;
          name: string;
          note: string;
          createdAt: string;
          author: {
            userId: string;
            name: string | null;
          } | null;
          chapterCount: number;
          wordCount: number;
          part: {
            id: string;
            title: string;
          } | null;
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              version: number;
              wordCount: number;
            }>;
        };
        meta: object;
      }>;
      chapter: TRPCQueryProcedure<{
        input: {
          bookId: string;
          snapshotId: string;
          chapterId: string;
        };
        output: {
          chapterId: string;
          title: string;
          position: number;
          version: number;
          wordCount: number;
          snapshotId: string;
          content: string;
        };
        meta: object;
      }>;
      compare: TRPCQueryProcedure<{
        input: {
          bookId: string;
          snapshotId: string;
          with?: string | undefined;
          chapter?: string | undefined;
        };
        output: {
          from: {
            snapshotId: string | null;
            name: string;
            createdAt: string | null;
          };
          to: {
            snapshotId: string | null;
            name: string;
            createdAt: string | null;
          };
          chapters: Array<{
              chapterId: string;
              status: "removed" | "added" | "changed" | "unchanged";
              from: {
                title: string;
                position: number;
                wordCount: number;
              } | null;
              to: {
                title: string;
                position: number;
                wordCount: number;
              } | null;
              inTrashToday: boolean;
            }>;
          totals: {
            added: number;
            removed: number;
            changed: number;
            unchanged: number;
            fromWords: number;
            toWords: number;
          };
          diff: {
            chapterId: string;
            parts: Array<{
                kind: "removed" | "added" | "same";
                text: string;
              }>;
            approximate: boolean;
          } | null;
        };
        meta: object;
      }>;
      restore: TRPCMutationProcedure<{
        input: {
          bookId: string;
          snapshotId: string;
          chapterId: string;
          version?: number | undefined;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          partId: string | null;
          wordCount: number;
          version: number;
          createdAt: string;
          updatedAt: string;
          content: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          snapshotId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
    };
    readers: {
      report: TRPCQueryProcedure<{
        input: {
          bookId: string;
          snapshotId?: string | undefined;
        };
        output: {
          sharing: {
            snapshot: {
              id: string;
              name: string;
              createdAt: string;
            } | null;
            showNames: boolean;
          };
          snapshotId: string | null;
          readers: Array<{
              label: string;
            }>;
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              paragraphCount: number;
              started: number;
              finished: number;
              stops: Array<{
                  reader: string;
                  paragraph: number;
                  excerpt: string;
                  finished: boolean;
                }>;
              reactions: Array<{
                  paragraph: number;
                  excerpt: string;
                  counts: {
                    "👍"?: number | undefined;
                    "❤️"?: number | undefined;
                    "😂"?: number | undefined;
                    "😮"?: number | undefined;
                    "😢"?: number | undefined;
                    "❓"?: number | undefined;
                  };
                }>;
              comments: Array<{
                  reader: string;
                  paragraph: number;
                  excerpt: string;
                  body: string;
                  createdAt: string;
                }>;
            }>;
        };
        meta: object;
      }>;
      share: TRPCMutationProcedure<{
        input: {
          bookId: string;
          snapshotId: string | null;
          showNames?: boolean | undefined;
        };
        output: {
          snapshot: {
            id: string;
            name: string;
            createdAt: string;
          } | null;
          showNames: boolean;
        };
        meta: object;
      }>;
    };
    reading: {
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          book: {
            id: string;
            title: string;
          };
          snapshot: {
            id: string;
            name: string;
            note: string;
            createdAt: string;
          };
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              wordCount: number;
              place: {
                paragraph: number;
                finished: boolean;
                updatedAt: string;
              } | null;
            }>;
          resume: {
            chapterId: string;
            paragraph: number;
          } | null;
        };
        meta: object;
      }>;
      chapter: TRPCQueryProcedure<{
        input: {
          bookId: string;
          chapterId: string;
        };
        output: {
          snapshotId: string;
          chapterId: string;
          title: string;
          position: number;
          paragraphs: string[];
          place: {
            paragraph: number;
            finished: boolean;
            updatedAt: string;
          } | null;
          reactions: Array<{
              paragraph: number;
              reaction: "👍" | "❤️" | "😂" | "😮" | "😢" | "❓";
            }>;
          comments: Array<{
              id: string;
              paragraph: number;
              body: string;
              createdAt: string;
            }>;
          previousChapterId: string | null;
          nextChapterId: string | null;
        };
        meta: object;
      }>;
      place: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          paragraph: number;
          finished?: boolean | undefined;
        };
        output: {
          paragraph: number;
          finished: boolean;
          updatedAt: string;
        };
        meta: object;
      }>;
      react: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          paragraph: number;
          reaction: "👍" | "❤️" | "😂" | "😮" | "😢" | "❓";
        };
        output: {
          paragraph: number;
          reaction: "👍" | "❤️" | "😂" | "😮" | "😢" | "❓" | null;
        };
        meta: object;
      }>;
      comment: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          paragraph: number;
          body: string;
        };
        output: {
          id: string;
          paragraph: number;
          body: string;
          createdAt: string;
        };
        meta: object;
      }>;
    };
    chapters: {
      upload: TRPCMutationProcedure<{
        input: {
          bookId: string;
          content: string;
          title?: string | undefined;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          partId: string | null;
          wordCount: number;
          version: number;
          createdAt: string;
          updatedAt: string;
          content: string;
        };
        meta: object;
      }>;
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
          includeContent?: boolean | undefined;
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | "title" | "wordCount" | "updatedAt" | "position" | undefined;
          order?: "asc" | "desc" | undefined;
          deleted?: boolean | undefined;
        };
        output: {
          items: Array<{
              id: string;
              bookId: string;
              title: string;
              position: number;
              partId: string | null;
              wordCount: number;
              version: number;
              createdAt: string;
              updatedAt: string;
              content?: string | undefined;
              contentOmitted?: true | undefined;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
          chapterId: string;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          partId: string | null;
          wordCount: number;
          version: number;
          createdAt: string;
          updatedAt: string;
          content: string;
        };
        meta: object;
      }>;
      save: TRPCMutationProcedure<{
        input: {
          version: number;
          bookId: string;
          chapterId: string;
          title?: string | undefined;
          content?: string | undefined;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          partId: string | null;
          wordCount: number;
          version: number;
          createdAt: string;
          updatedAt: string;
          content: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          permanent?: boolean | undefined;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      untrash: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          partId: string | null;
          wordCount: number;
          version: number;
          createdAt: string;
          updatedAt: string;
          content: string;
        };
        meta: object;
      }>;
      reorder: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterIds: string[];
          orderVersion?: number | undefined;
        };
        output: Array<{
            id: string;
            bookId: string;
            title: string;
            position: number;
            partId: string | null;
            wordCount: number;
            version: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      revisions: TRPCQueryProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | "version" | undefined;
          order?: "asc" | "desc" | undefined;
        };
        output: {
          items: Array<{
              version: number;
              title: string;
              wordCount: number;
              createdAt: string;
              kind: string;
              changeSetId: string | null;
              authorId: string | null;
              authorName: string | null;
              snapshotId: string | null;
              snapshotName: string | null;
              suggestedById: string | null;
              suggestedByName: string | null;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      revision: TRPCQueryProcedure<{
        input: {
          version: number;
          bookId: string;
          chapterId: string;
        };
        output: {
          version: number;
          title: string;
          wordCount: number;
          createdAt: string;
          kind: string;
          changeSetId: string | null;
          authorId: string | null;
          authorName: string | null;
          snapshotId: string | null;
          snapshotName: string | null;
          suggestedById: string | null;
          suggestedByName: string | null;
          content: string;
        };
        meta: object;
      }>;
      restoreRevision: TRPCMutationProcedure<{
        input: {
          revision: number;
          bookId: string;
          chapterId: string;
          version?: number | undefined;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          partId: string | null;
          wordCount: number;
          version: number;
          createdAt: string;
          updatedAt: string;
          content: string;
        };
        meta: object;
      }>;
    };
    parts: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            title: string;
            position: number;
            chapterCount: number;
            wordCount: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
          partId: string;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          chapterCount: number;
          wordCount: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          title: string;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          chapterCount: number;
          wordCount: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          bookId: string;
          partId: string;
          title: string;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          position: number;
          chapterCount: number;
          wordCount: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          partId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      contents: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          orderVersion: number;
          entries: Array<{
              type: "chapter";
              chapter: {
                id: string;
                bookId: string;
                title: string;
                position: number;
                partId: string | null;
                wordCount: number;
                version: number;
                createdAt: string;
                updatedAt: string;
              };
            } | {
              type: "part";
              part: {
                id: string;
                bookId: string;
                title: string;
                position: number;
                chapterCount: number;
                wordCount: number;
                createdAt: string;
                updatedAt: string;
              };
              chapters: Array<{
                  id: string;
                  bookId: string;
                  title: string;
                  position: number;
                  partId: string | null;
                  wordCount: number;
                  version: number;
                  createdAt: string;
                  updatedAt: string;
                }>;
            }>;
        };
        meta: object;
      }>;
      reorder: TRPCMutationProcedure<{
        input: {
          bookId: string;
          orderVersion: number;
          entries: Array<{
              chapterId: string;
            } | {
              partId: string;
              chapterIds: string[];
            }>;
        };
        output: {
          orderVersion: number;
          entries: Array<{
              type: "chapter";
              chapter: {
                id: string;
                bookId: string;
                title: string;
                position: number;
                partId: string | null;
                wordCount: number;
                version: number;
                createdAt: string;
                updatedAt: string;
              };
            } | {
              type: "part";
              part: {
                id: string;
                bookId: string;
                title: string;
                position: number;
                chapterCount: number;
                wordCount: number;
                createdAt: string;
                updatedAt: string;
              };
              chapters: Array<{
                  id: string;
                  bookId: string;
                  title: string;
                  position: number;
                  partId: string | null;
                  wordCount: number;
                  version: number;
                  createdAt: string;
                  updatedAt: string;
                }>;
            }>;
        };
        meta: object;
      }>;
    };
    scenes: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            chapterId: string;
            position: number;
            title: string;
            wordCount: number;
            start: number;
            end: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      listOfChapter: TRPCQueryProcedure<{
        input: {
          bookId: string;
          chapterId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            chapterId: string;
            position: number;
            title: string;
            wordCount: number;
            start: number;
            end: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
          sceneId: string;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          position: number;
          title: string;
          wordCount: number;
          start: number;
          end: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      split: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            chapterId: string;
            position: number;
            title: string;
            wordCount: number;
            start: number;
            end: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      splitBook: TRPCMutationProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            chapterId: string;
            position: number;
            title: string;
            wordCount: number;
            start: number;
            end: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          version: number;
          title?: string | undefined;
          at?: number | undefined;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          position: number;
          title: string;
          wordCount: number;
          start: number;
          end: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          bookId: string;
          sceneId: string;
          title: string;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          position: number;
          title: string;
          wordCount: number;
          start: number;
          end: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      reorder: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          version: number;
          sceneIds: string[];
        };
        output: Array<{
            id: string;
            bookId: string;
            chapterId: string;
            position: number;
            title: string;
            wordCount: number;
            start: number;
            end: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      move: TRPCMutationProcedure<{
        input: {
          bookId: string;
          sceneId: string;
          version: number;
          toChapterId: string;
          toVersion: number;
          position?: number | undefined;
        };
        output: {
          id: string;
          bookId: string;
          chapterId: string;
          position: number;
          title: string;
          wordCount: number;
          start: number;
          end: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          sceneId: string;
          version?: unknown;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
    };
    foreshadowing: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
          status?: "open" | "paid_off" | "dropped" | "overdue" | undefined;
          chapterId?: string | undefined;
        };
        output: Array<{
            id: string;
            bookId: string;
            title: string;
            note: string;
            state: "planted" | "paid_off" | "dropped";
            status: "open" | "paid_off" | "dropped" | "overdue";
            setup: {
              chapter: {
                id: string;
                title: string;
                number: number | null;
              };
              sceneId: string | null;
              words: {
                quote: string;
                start: number | null;
                end: number | null;
              } | null;
            };
            payoff: {
              chapter: {
                id: string;
                title: string;
                number: number | null;
              };
              sceneId: string | null;
              words: {
                quote: string;
                start: number | null;
                end: number | null;
              } | null;
            } | null;
            deadline: {
              chapterId: string | null;
              title: string | null;
              number: number | null;
            } | null;
            chaptersLeft: number | null;
            warnings: Array<"chapter_in_trash" | "payoff_before_setup" | "deadline_before_setup">;
            createdAt: string;
            updatedAt: string;
            settledAt: string | null;
          }>;
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
          foreshadowingId: string;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          note: string;
          state: "planted" | "paid_off" | "dropped";
          status: "open" | "paid_off" | "dropped" | "overdue";
          setup: {
            chapter: {
              id: string;
              title: string;
              number: number | null;
            };
            sceneId: string | null;
            words: {
              quote: string;
              start: number | null;
              end: number | null;
            } | null;
          };
          payoff: {
            chapter: {
              id: string;
              title: string;
              number: number | null;
            };
            sceneId: string | null;
            words: {
              quote: string;
              start: number | null;
              end: number | null;
            } | null;
          } | null;
          deadline: {
            chapterId: string | null;
            title: string | null;
            number: number | null;
          } | null;
          chaptersLeft: number | null;
          warnings: Array<"chapter_in_trash" | "payoff_before_setup" | "deadline_before_setup">;
          createdAt: string;
          updatedAt: string;
          settledAt: string | null;
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          title: string;
          setup: {
            chapterId: string;
            sceneId?: string | undefined;
            start?: number | undefined;
            end?: number | undefined;
            quote?: string | undefined;
          };
          note?: string | undefined;
          payoff?: {
            chapterId: string;
            sceneId?: string | undefined;
            start?: number | undefined;
            end?: number | undefined;
            quote?: string | undefined;
          } | undefined;
          deadline?: {
            chapterId: string;
          } | {
            chapterNumber: number;
          } | undefined;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          note: string;
          state: "planted" | "paid_off" | "dropped";
          status: "open" | "paid_off" | "dropped" | "overdue";
          setup: {
            chapter: {
              id: string;
              title: string;
              number: number | null;
            };
            sceneId: string | null;
            words: {
              quote: string;
              start: number | null;
              end: number | null;
            } | null;
          };
          payoff: {
            chapter: {
              id: string;
              title: string;
              number: number | null;
            };
            sceneId: string | null;
            words: {
              quote: string;
              start: number | null;
              end: number | null;
            } | null;
          } | null;
          deadline: {
            chapterId: string | null;
            title: string | null;
            number: number | null;
          } | null;
          chaptersLeft: number | null;
          warnings: Array<"chapter_in_trash" | "payoff_before_setup" | "deadline_before_setup">;
          createdAt: string;
          updatedAt: string;
          settledAt: string | null;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          bookId: string;
          foreshadowingId: string;
          title?: string | undefined;
          note?: string | undefined;
          setup?: {
            chapterId: string;
            sceneId?: string | undefined;
            start?: number | undefined;
            end?: number | undefined;
            quote?: string | undefined;
          } | undefined;
          payoff?: {
            chapterId: string;
            sceneId?: string | undefined;
            start?: number | undefined;
            end?: number | undefined;
            quote?: string | undefined;
          } | null | undefined;
          deadline?: {
            chapterId: string;
          } | {
            chapterNumber: number;
          } | null | undefined;
          state?: "planted" | "paid_off" | "dropped" | undefined;
        };
        output: {
          id: string;
          bookId: string;
          title: string;
          note: string;
          state: "planted" | "paid_off" | "dropped";
          status: "open" | "paid_off" | "dropped" | "overdue";
          setup: {
            chapter: {
              id: string;
              title: string;
              number: number | null;
            };
            sceneId: string | null;
            words: {
              quote: string;
              start: number | null;
              end: number | null;
            } | null;
          };
          payoff: {
            chapter: {
              id: string;
              title: string;
              number: number | null;
            };
            sceneId: string | null;
            words: {
              quote: string;
              start: number | null;
              end: number | null;
            } | null;
          } | null;
          deadline: {
            chapterId: string | null;
            title: string | null;
            number: number | null;
          } | null;
          chaptersLeft: number | null;
          warnings: Array<"chapter_in_trash" | "payoff_before_setup" | "deadline_before_setup">;
          createdAt: string;
          updatedAt: string;
          settledAt: string | null;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          foreshadowingId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
    };
    plan: {
      outline: TRPCQueryProcedure<{
        input: {
          bookId: string;
          pov?: string | undefined;
          plotline?: string | undefined;
          label?: string | undefined;
          status?: "none" | "outline" | "idea" | "draft" | "revised" | "done" | undefined;
        };
        output: {
          bookId: string;
          items: Array<{
              kind: "part" | "chapter" | "scene";
              id: string;
              title: string;
              scenePosition: number | null;
              partId: string | null;
              chapterId: string | null;
              wordCount: number;
              matches: boolean;
              plan: {
                synopsis: string;
                status: "outline" | "idea" | "draft" | "revised" | "done" | null;
                povId: string | null;
                characterIds: string[];
                labelIds: string[];
                plotlineIds: string[];
                targetWords: number | null;
                storyDate: string | null;
                storyTime: string | null;
                updatedAt: string | null;
              };
            }>;
          plotlines: Array<{
              id: string;
              bookId: string;
              name: string;
              colour: string;
              position: number;
              createdAt: string;
              updatedAt: string;
            }>;
          labels: Array<{
              id: string;
              bookId: string;
              name: string;
              colour: string;
              createdAt: string;
              updatedAt: string;
            }>;
          characters: Array<{
              id: string;
              name: string;
            }>;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          bookId: string;
          kind: "chapters" | "parts" | "scenes";
          itemId: string;
          changes: {
            synopsis?: string | undefined;
            status?: "outline" | "idea" | "draft" | "revised" | "done" | null | undefined;
            povId?: string | null | undefined;
            characterIds?: string[] | undefined;
            labelIds?: string[] | undefined;
            plotlineIds?: string[] | undefined;
            targetWords?: number | null | undefined;
            storyDate?: string | null | undefined;
            storyTime?: string | null | undefined;
          };
        };
        output: {
          id: string;
          title: string;
          kind: "part" | "chapter" | "scene";
          wordCount: number;
          chapterId: string | null;
          partId: string | null;
          plan: {
            synopsis: string;
            status: "outline" | "idea" | "draft" | "revised" | "done" | null;
            povId: string | null;
            characterIds: string[];
            labelIds: string[];
            plotlineIds: string[];
            targetWords: number | null;
            storyDate: string | null;
            storyTime: string | null;
            updatedAt: string | null;
          };
          scenePosition: number | null;
        };
        meta: object;
      }>;
      timeline: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          bookId: string;
          items: Array<{
              kind: "chapter" | "scene";
              id: string;
              title: string;
              scenePosition: number | null;
              chapterId: string;
              chapterTitle: string;
              partId: string | null;
              partTitle: string | null;
              readingOrder: number;
              storyDate: string | null;
              storyTime: string | null;
              lane: "date" | "day" | null;
              storyOrder: number | null;
              departs: "flashback" | "flashForward" | null;
              synopsis: string;
              status: "outline" | "idea" | "draft" | "revised" | "done" | null;
              povId: string | null;
            }>;
          storyOrder: string[];
          unplaced: string[];
          characters: Array<{
              id: string;
              name: string;
            }>;
        };
        meta: object;
      }>;
    };
    plotlines: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            name: string;
            colour: string;
            position: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          name: string;
          colour?: string | undefined;
        };
        output: {
          id: string;
          bookId: string;
          name: string;
          colour: string;
          position: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          bookId: string;
          plotlineId: string;
          changes: {
            name?: string | undefined;
            colour?: string | undefined;
            position?: number | undefined;
          };
        };
        output: {
          id: string;
          bookId: string;
          name: string;
          colour: string;
          position: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          plotlineId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
    };
    labels: {
      list: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            bookId: string;
            name: string;
            colour: string;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          bookId: string;
          name: string;
          colour?: string | undefined;
        };
        output: {
          id: string;
          bookId: string;
          name: string;
          colour: string;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          bookId: string;
          labelId: string;
          changes: {
            name?: string | undefined;
            colour?: string | undefined;
          };
        };
        output: {
          id: string;
          bookId: string;
          name: string;
          colour: string;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
          labelId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
    };
    plotGrid: {
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          bookId: string;
          editable: boolean;
          plotlines: Array<{
              id: string;
              bookId: string;
              name: string;
              colour: string;
              position: number;
              createdAt: string;
              updatedAt: string;
            }>;
          parts: Array<{
              id: string;
              title: string;
            }>;
          chapters: Array<{
              id: string;
              title: string;
              number: number;
              partId: string | null;
            }>;
          cells: Array<{
              plotlineId: string;
              chapterId: string;
              chapter: boolean;
              scenes: Array<{
                  id: string;
                  title: string;
                  position: number;
                }>;
              note: string;
              updatedAt: string | null;
            }>;
        };
        meta: object;
      }>;
      setCell: TRPCMutationProcedure<{
        input: {
          bookId: string;
          plotlineId: string;
          chapterId: string;
          note: string;
        };
        output: {
          bookId: string;
          plotlineId: string;
          chapterId: string;
          note: string;
          updatedAt: string | null;
        };
        meta: object;
      }>;
    };
    beats: {
      get: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          bookId: string;
          templateId: string;
          templateName: string;
          templateVersion: number;
          sectionId: string;
          placedBy: "chapters" | "targets";
          analysis: {
            id: string;
            finishedAt: string | null;
          } | null;
          beats: Array<{
              id: string;
              position: number;
              name: string;
              target: number;
              planned: {
                chapterId: string;
                chapterNumber: number;
                chapterTitle: string;
                sceneId: string | null;
                sceneTitle: string | null;
                scenePosition: number | null;
              } | null;
              moved: boolean;
              found: {
                chapterId: string;
                chapterNumber: number;
                chapterTitle: string;
              } | null;
              chaptersApart: number | null;
            }>;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      applyTemplate: TRPCMutationProcedure<{
        input: {
          bookId: string;
          template: string;
        };
        output: {
          bookId: string;
          templateId: string;
          templateName: string;
          templateVersion: number;
          sectionId: string;
          placedBy: "chapters" | "targets";
          analysis: {
            id: string;
            finishedAt: string | null;
          } | null;
          beats: Array<{
              id: string;
              position: number;
              name: string;
              target: number;
              planned: {
                chapterId: string;
                chapterNumber: number;
                chapterTitle: string;
                sceneId: string | null;
                sceneTitle: string | null;
                scenePosition: number | null;
              } | null;
              moved: boolean;
              found: {
                chapterId: string;
                chapterNumber: number;
                chapterTitle: string;
              } | null;
              chaptersApart: number | null;
            }>;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      move: TRPCMutationProcedure<{
        input: {
          bookId: string;
          beatId: string;
          place: {
            chapterId?: string | undefined;
            sceneId?: string | undefined;
          };
        };
        output: {
          bookId: string;
          templateId: string;
          templateName: string;
          templateVersion: number;
          sectionId: string;
          placedBy: "chapters" | "targets";
          analysis: {
            id: string;
            finishedAt: string | null;
          } | null;
          beats: Array<{
              id: string;
              position: number;
              name: string;
              target: number;
              planned: {
                chapterId: string;
                chapterNumber: number;
                chapterTitle: string;
                sceneId: string | null;
                sceneTitle: string | null;
                scenePosition: number | null;
              } | null;
              moved: boolean;
              found: {
                chapterId: string;
                chapterNumber: number;
                chapterTitle: string;
              } | null;
              chaptersApart: number | null;
            }>;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          bookId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
    };
    jobs: {
      list: TRPCQueryProcedure<{
        input: {
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | undefined;
          order?: "asc" | "desc" | undefined;
          status?: "queued" | "running" | "succeeded" | "failed" | "cancelled" | undefined;
          kind?: string | undefined;
          owner?: string | undefined;
        } | undefined;
        output: {
          items: Array<{
              id: string;
              kind: string;
              ownerId: string;
              status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
              progress: number;
              result: unknown;
              error: {
                code: string;
                message: string;
              } | null;
              file: {
                name: string;
                mediaType: string;
                size: number;
              } | null;
              createdAt: string;
              startedAt: string | null;
              finishedAt: string | null;
              expiresAt: string;
              links: {
                self: string;
                file?: string | undefined;
              };
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          jobId: string;
        };
        output: {
          id: string;
          kind: string;
          ownerId: string;
          status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
          progress: number;
          result: unknown;
          error: {
            code: string;
            message: string;
          } | null;
          file: {
            name: string;
            mediaType: string;
            size: number;
          } | null;
          createdAt: string;
          startedAt: string | null;
          finishedAt: string | null;
          expiresAt: string;
          links: {
            self: string;
            file?: string | undefined;
          };
        };
        meta: object;
      }>;
      cancel: TRPCMutationProcedure<{
        input: {
          jobId: string;
        };
        output: {
          cancelled: true;
        };
        meta: object;
      }>;
    };
    convert: {
      formats: TRPCQueryProcedure<{
        input: {
          [key: string]: never;
        } | undefined;
        output: Array<{
            id: string;
            name: string;
            extensions: string[];
            mediaType: string;
            read: boolean;
            write: boolean;
            engine: string;
          }>;
        meta: object;
      }>;
      printPreview: TRPCQueryProcedure<{
        input: {
          bookId: string;
          theme?: string | undefined;
          trimSize?: "5x8" | "5.25x8" | "5.5x8.5" | "6x9" | "a5" | "140x203mm" | "185x260mm" | undefined;
          pages?: unknown;
        };
        output: {
          theme: "classic" | "modern" | "chinese";
          trimSize: "5x8" | "5.25x8" | "5.5x8.5" | "6x9" | "a5" | "140x203mm" | "185x260mm";
          pages: Array<{
              number: number;
              mediaType: "image/png";
              base64: string;
            }>;
        };
        meta: object;
      }>;
      convert: TRPCMutationProcedure<{
        input: {
          from: string;
          to: string;
          content: string;
          async?: boolean | undefined;
          notes?: boolean | undefined;
        };
        output: {
          file: {
            name: string;
            mediaType: string;
            base64: string;
          };
        } | {
          job: {
            id: string;
            kind: string;
            ownerId: string;
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            progress: number;
            result: unknown;
            error: {
              code: string;
              message: string;
            } | null;
            file: {
              name: string;
              mediaType: string;
              size: number;
            } | null;
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            expiresAt: string;
            links: {
              self: string;
              file?: string | undefined;
            };
          };
        };
        meta: object;
      }>;
      export: TRPCMutationProcedure<{
        input: {
          format: string;
          bookId: string;
          bibleAppendix?: boolean | undefined;
          cover?: boolean | undefined;
          async?: boolean | undefined;
          chapters?: string[] | undefined;
          parts?: string[] | undefined;
          scenes?: string[] | undefined;
          content?: "book" | "outline" | undefined;
          copyright?: string | undefined;
          dedication?: string | undefined;
          sceneBreak?: "stars" | "hash" | "asterism" | "blank" | undefined;
          paper?: "letter" | "a4" | undefined;
          manuscriptFont?: "courier" | "times" | undefined;
          layout?: "plain" | "platform" | undefined;
          paragraphSpacing?: "none" | "blank" | undefined;
          lineEndings?: "lf" | "crlf" | undefined;
          encoding?: "utf-8" | "gb18030" | undefined;
          split?: "book" | "chapters" | undefined;
          rightHandChapters?: boolean | undefined;
          pdfx?: boolean | undefined;
          manuscript?: boolean | undefined;
          smartPunctuation?: boolean | undefined;
          notes?: boolean | undefined;
          trimSize?: "5x8" | "5.25x8" | "5.5x8.5" | "6x9" | "a5" | "140x203mm" | "185x260mm" | undefined;
          theme?: string | undefined;
        };
        output: {
          file: {
            name: string;
            mediaType: string;
            base64: string;
          };
        } | {
          job: {
            id: string;
            kind: string;
            ownerId: string;
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            progress: number;
            result: unknown;
            error: {
              code: string;
              message: string;
            } | null;
            file: {
              name: string;
              mediaType: string;
              size: number;
            } | null;
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            expiresAt: string;
            links: {
              self: string;
              file?: string | undefined;
            };
          };
        };
        meta: object;
      }>;
      coverTemplate: TRPCQueryProcedure<{
        input: {
          bookId: string;
          trimSize?: "5x8" | "5.25x8" | "5.5x8.5" | "6x9" | "a5" | "140x203mm" | "185x260mm" | undefined;
          paper?: "colour" | "white" | "cream" | undefined;
          pageCount?: number | undefined;
          rightHandChapters?: boolean | undefined;
        };
        output: {
          file: {
            name: string;
            mediaType: string;
            base64: string;
          };
          dimensions: {
            trimSize: "5x8" | "5.25x8" | "5.5x8.5" | "6x9" | "a5" | "140x203mm" | "185x260mm";
            paper: "colour" | "white" | "cream";
            pageCount: number;
            trimWidth: number;
            trimHeight: number;
            spineWidth: number;
            bleed: number;
            coverWidth: number;
            coverHeight: number;
            spineText: boolean;
          };
        };
        meta: object;
      }>;
      import: TRPCMutationProcedure<{
        input: {
          fileName: string;
          title?: string | undefined;
          language?: string | undefined;
          text?: string | undefined;
          base64?: string | undefined;
          from?: string | undefined;
          chapterPattern?: string | undefined;
          skipChapters?: string | number[] | undefined;
        };
        output: {
          book: {
            id: string;
            ownerId: string;
            title: string;
            type: string;
            description: string;
            language: string;
            status: "planning" | "drafting" | "revising" | "finished";
            targetWordCount: number | null;
            wordCount: number;
            countRule: "words" | "characters" | "charactersWithoutPunctuation";
            paragraphIndent: "none" | "fullWidth" | "typographic";
            theme: "classic" | "modern" | "chinese";
            chapterCount: number;
            createdAt: string;
            updatedAt: string;
            deleted: boolean;
            deletedAt: string | null;
            cover: {
              mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
              size: number;
              updatedAt: string;
              url: string;
              width: number | null;
              height: number | null;
              warnings: Array<{
                  code: "cover_too_small" | "cover_below_recommended" | "cover_ratio";
                  message: string;
                }>;
            } | null;
            author: string | null;
            contact: string | null;
            copyright: string | null;
            dedication: string | null;
            acknowledgements: string | null;
            aboutAuthor: string | null;
            backMatter: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null;
            accessibilityClaim: {
              conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
              certifiedBy: string;
              credential: string | null;
              report: string | null;
            } | null;
            role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
          };
          chapterCount: number;
          chapters: Array<{
              id: string;
              title: string;
              position: number;
              wordCount: number;
              partId: string | null;
            }>;
          parts: Array<{
              id: string;
              title: string;
            }>;
        };
        meta: object;
      }>;
      importPreview: TRPCMutationProcedure<{
        input: {
          fileName: string;
          title?: string | undefined;
          language?: string | undefined;
          text?: string | undefined;
          base64?: string | undefined;
          from?: string | undefined;
          chapterPattern?: string | undefined;
          skipChapters?: string | number[] | undefined;
        };
        output: {
          title: string | null;
          author: string | null;
          language: string | null;
          chapterCount: number;
          wordCount: number;
          chapters: Array<{
              title: string;
              wordCount: number;
              part: string | null;
            }>;
          parts: Array<{
              title: string;
              chapterCount: number;
            }>;
        };
        meta: object;
      }>;
      importInto: TRPCMutationProcedure<{
        input: {
          bookId: string;
          fileName: string;
          text?: string | undefined;
          base64?: string | undefined;
          from?: string | undefined;
          chapterPattern?: string | undefined;
          skipChapters?: string | number[] | undefined;
        };
        output: {
          book: {
            id: string;
            ownerId: string;
            title: string;
            type: string;
            description: string;
            language: string;
            status: "planning" | "drafting" | "revising" | "finished";
            targetWordCount: number | null;
            wordCount: number;
            countRule: "words" | "characters" | "charactersWithoutPunctuation";
            paragraphIndent: "none" | "fullWidth" | "typographic";
            theme: "classic" | "modern" | "chinese";
            chapterCount: number;
            createdAt: string;
            updatedAt: string;
            deleted: boolean;
            deletedAt: string | null;
            cover: {
              mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
              size: number;
              updatedAt: string;
              url: string;
              width: number | null;
              height: number | null;
              warnings: Array<{
                  code: "cover_too_small" | "cover_below_recommended" | "cover_ratio";
                  message: string;
                }>;
            } | null;
            author: string | null;
            contact: string | null;
            copyright: string | null;
            dedication: string | null;
            acknowledgements: string | null;
            aboutAuthor: string | null;
            backMatter: Array<"aboutAuthor" | "acknowledgements" | "alsoBy"> | null;
            accessibilityClaim: {
              conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level A" | "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" | "EPUB Accessibility 1.1 - WCAG 2.2 Level A" | "EPUB Accessibility 1.1 - WCAG 2.2 Level AA";
              certifiedBy: string;
              credential: string | null;
              report: string | null;
            } | null;
            role: "owner" | "co_author" | "editor" | "beta_reader" | "viewer";
          };
          chapterCount: number;
          chapters: Array<{
              id: string;
              title: string;
              position: number;
              wordCount: number;
              partId: string | null;
            }>;
          parts: Array<{
              id: string;
              title: string;
            }>;
        };
        meta: object;
      }>;
    };
    analysis: {
      search: TRPCQueryProcedure<{
        input: {
          q?: string | undefined;
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "name" | "installs" | "relevance" | "updated" | undefined;
          order?: "asc" | "desc" | undefined;
          category?: "dialogue" | "readability" | "structure" | "pacing" | "character" | "style" | "genre" | "other" | undefined;
          tag?: string | undefined;
          language?: "any" | "en" | "zh" | undefined;
          author?: string | undefined;
        };
        output: {
          items: Array<{
              id: string;
              slug: string;
              name: string;
              summary: string;
              category: string;
              tags: string[];
              language: "any" | "en" | "zh";
              version: number;
              author: {
                id: string;
                name: string;
              } | null;
              builtIn: boolean;
              published: boolean;
              installs: number;
              installed: boolean;
              sections: number;
              createdAt: string;
              updatedAt: string;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          templateId: string;
        };
        output: {
          description: string;
          definition: {
            sections: Array<{
                id: string;
                title: string;
                probe: string;
                params: {
                  [key: string]: unknown;
                };
                view: "beats" | "table" | "bar" | "line" | "heatmap";
              }>;
          };
          id: string;
          slug: string;
          name: string;
          summary: string;
          category: string;
          tags: string[];
          language: "any" | "en" | "zh";
          version: number;
          author: {
            id: string;
            name: string;
          } | null;
          builtIn: boolean;
          published: boolean;
          installs: number;
          installed: boolean;
          sections: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      install: TRPCMutationProcedure<{
        input: {
          templateId: string;
        };
        output: {
          description: string;
          definition: {
            sections: Array<{
                id: string;
                title: string;
                probe: string;
                params: {
                  [key: string]: unknown;
                };
                view: "beats" | "table" | "bar" | "line" | "heatmap";
              }>;
          };
          id: string;
          slug: string;
          name: string;
          summary: string;
          category: string;
          tags: string[];
          language: "any" | "en" | "zh";
          version: number;
          author: {
            id: string;
            name: string;
          } | null;
          builtIn: boolean;
          published: boolean;
          installs: number;
          installed: boolean;
          sections: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      installed: TRPCQueryProcedure<{
        input: {
          [key: string]: never;
        } | undefined;
        output: Array<{
            id: string;
            slug: string;
            name: string;
            summary: string;
            category: string;
            tags: string[];
            language: "any" | "en" | "zh";
            version: number;
            author: {
              id: string;
              name: string;
            } | null;
            builtIn: boolean;
            published: boolean;
            installs: number;
            installed: boolean;
            sections: number;
            createdAt: string;
            updatedAt: string;
          }>;
        meta: object;
      }>;
      uninstall: TRPCMutationProcedure<{
        input: {
          templateId: string;
        };
        output: {
          uninstalled: true;
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          name: string;
          category: "dialogue" | "readability" | "structure" | "pacing" | "character" | "style" | "genre" | "other";
          definition: {
            sections: Array<{
                id: string;
                title: string;
                probe: string;
                view: "beats" | "table" | "bar" | "line" | "heatmap";
                params?: {
                  [key: string]: unknown;
                } | undefined;
              }>;
          };
          summary?: string | undefined;
          description?: string | undefined;
          tags?: string[] | undefined;
          language?: "any" | "en" | "zh" | undefined;
          published?: boolean | undefined;
        };
        output: {
          description: string;
          definition: {
            sections: Array<{
                id: string;
                title: string;
                probe: string;
                params: {
                  [key: string]: unknown;
                };
                view: "beats" | "table" | "bar" | "line" | "heatmap";
              }>;
          };
          id: string;
          slug: string;
          name: string;
          summary: string;
          category: string;
          tags: string[];
          language: "any" | "en" | "zh";
          version: number;
          author: {
            id: string;
            name: string;
          } | null;
          builtIn: boolean;
          published: boolean;
          installs: number;
          installed: boolean;
          sections: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          templateId: string;
          changes: {
            name?: string | undefined;
            summary?: string | undefined;
            description?: string | undefined;
            category?: "dialogue" | "readability" | "structure" | "pacing" | "character" | "style" | "genre" | "other" | undefined;
            tags?: string[] | undefined;
            language?: "any" | "en" | "zh" | undefined;
            definition?: {
              sections: Array<{
                  id: string;
                  title: string;
                  probe: string;
                  view: "beats" | "table" | "bar" | "line" | "heatmap";
                  params?: {
                    [key: string]: unknown;
                  } | undefined;
                }>;
            } | undefined;
            published?: boolean | undefined;
          };
        };
        output: {
          description: string;
          definition: {
            sections: Array<{
                id: string;
                title: string;
                probe: string;
                params: {
                  [key: string]: unknown;
                };
                view: "beats" | "table" | "bar" | "line" | "heatmap";
              }>;
          };
          id: string;
          slug: string;
          name: string;
          summary: string;
          category: string;
          tags: string[];
          language: "any" | "en" | "zh";
          version: number;
          author: {
            id: string;
            name: string;
          } | null;
          builtIn: boolean;
          published: boolean;
          installs: number;
          installed: boolean;
          sections: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          templateId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      run: TRPCMutationProcedure<{
        input: {
          templateId: string;
          bookId: string;
          parameters?: {
            characters?: string[] | undefined;
            terms?: string[] | undefined;
          } | undefined;
        };
        output: {
          status: "done";
          analysis: {
            report: {
              language: "en" | "zh" | "mixed";
              chapters: number;
              words: number;
              empty: boolean;
              sections: Array<{
                  id: string;
                  title: string;
                  probe: string;
                  view: "beats" | "table" | "bar" | "line" | "heatmap";
                  summary: Array<{
                      label: string;
                      value: string | number;
                      unit?: string | undefined;
                      valueWords?: {
                        key: string;
                        values: {
                          [key: string]: string | number | string[] | {
                            anyOf: string[];
                          };
                        };
                      } | undefined;
                    }>;
                  table: {
                    columns: Array<{
                        key: string;
                        label: string;
                        unit?: string | undefined;
                      }>;
                    rows: Array<{
                        [key: string]: string | number | null;
                      }>;
                  };
                  chart: {
                    x: string[];
                    series: Array<{
                        name: string;
                        values: Array<number | null>;
                      }>;
                    type: "bar";
                    yLabel?: string | undefined;
                  } | {
                    x: string[];
                    series: Array<{
                        name: string;
                        values: Array<number | null>;
                      }>;
                    type: "line";
                    yLabel?: string | undefined;
                  } | {
                    type: "beats";
                    chapters: Array<{
                        id: string;
                        title: string;
                        start: number;
                        end: number;
                        words: number;
                      }>;
                    beats: Array<{
                        name: string;
                        target: number;
                        chapterId: string | null;
                      }>;
                  } | {
                    type: "heatmap";
                    rows: string[];
                    columns: string[];
                    values: Array<number[]>;
                  } | null;
                  notes: string[];
                  noteWords?: Array<{
                      key: string;
                      values: {
                        [key: string]: string | number | string[] | {
                          anyOf: string[];
                        };
                      };
                    }> | undefined;
                }>;
            } | null;
            id: string;
            bookId: string;
            templateId: string;
            templateName: string;
            templateVersion: number;
            parameters: {
              [key: string]: unknown;
            };
            status: "queued" | "running" | "succeeded" | "failed";
            error: {
              code: string;
              message: string;
            } | null;
            jobId: string | null;
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            durationMs: number | null;
          };
        } | {
          status: "queued";
          job: {
            id: string;
            kind: string;
            ownerId: string;
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            progress: number;
            result: unknown;
            error: {
              code: string;
              message: string;
            } | null;
            file: {
              name: string;
              mediaType: string;
              size: number;
            } | null;
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            expiresAt: string;
            links: {
              self: string;
              file?: string | undefined;
            };
          };
        };
        meta: object;
      }>;
      runMany: TRPCMutationProcedure<{
        input: {
          templates: string[] | "installed";
          bookId: string;
          parameters?: {
            characters?: string[] | undefined;
            terms?: string[] | undefined;
          } | undefined;
        };
        output: {
          status: "queued" | "done";
          analyses: Array<{
              id: string;
              bookId: string;
              templateId: string;
              templateName: string;
              templateVersion: number;
              parameters: {
                [key: string]: unknown;
              };
              status: "queued" | "running" | "succeeded" | "failed";
              error: {
                code: string;
                message: string;
              } | null;
              jobId: string | null;
              createdAt: string;
              startedAt: string | null;
              finishedAt: string | null;
              durationMs: number | null;
            }>;
          reused: string[];
          job: {
            id: string;
            kind: string;
            ownerId: string;
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            progress: number;
            result: unknown;
            error: {
              code: string;
              message: string;
            } | null;
            file: {
              name: string;
              mediaType: string;
              size: number;
            } | null;
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            expiresAt: string;
            links: {
              self: string;
              file?: string | undefined;
            };
          } | null;
        };
        meta: object;
      }>;
      deleteResult: TRPCMutationProcedure<{
        input: {
          bookId: string;
          analysisId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      results: TRPCQueryProcedure<{
        input: {
          bookId: string;
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | undefined;
          order?: "asc" | "desc" | undefined;
          templateId?: string | undefined;
          status?: "queued" | "running" | "succeeded" | "failed" | undefined;
        };
        output: {
          items: Array<{
              id: string;
              bookId: string;
              templateId: string;
              templateName: string;
              templateVersion: number;
              parameters: {
                [key: string]: unknown;
              };
              status: "queued" | "running" | "succeeded" | "failed";
              error: {
                code: string;
                message: string;
              } | null;
              jobId: string | null;
              createdAt: string;
              startedAt: string | null;
              finishedAt: string | null;
              durationMs: number | null;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      result: TRPCQueryProcedure<{
        input: {
          bookId: string;
          analysisId: string;
        };
        output: {
          report: {
            language: "en" | "zh" | "mixed";
            chapters: number;
            words: number;
            empty: boolean;
            sections: Array<{
                id: string;
                title: string;
                probe: string;
                view: "beats" | "table" | "bar" | "line" | "heatmap";
                summary: Array<{
                    label: string;
                    value: string | number;
                    unit?: string | undefined;
                    valueWords?: {
                      key: string;
                      values: {
                        [key: string]: string | number | string[] | {
                          anyOf: string[];
                        };
                      };
                    } | undefined;
                  }>;
                table: {
                  columns: Array<{
                      key: string;
                      label: string;
                      unit?: string | undefined;
                    }>;
                  rows: Array<{
                      [key: string]: string | number | null;
                    }>;
                };
                chart: {
                  x: string[];
                  series: Array<{
                      name: string;
                      values: Array<number | null>;
                    }>;
                  type: "bar";
                  yLabel?: string | undefined;
                } | {
                  x: string[];
                  series: Array<{
                      name: string;
                      values: Array<number | null>;
                    }>;
                  type: "line";
                  yLabel?: string | undefined;
                } | {
                  type: "beats";
                  chapters: Array<{
                      id: string;
                      title: string;
                      start: number;
                      end: number;
                      words: number;
                    }>;
                  beats: Array<{
                      name: string;
                      target: number;
                      chapterId: string | null;
                    }>;
                } | {
                  type: "heatmap";
                  rows: string[];
                  columns: string[];
                  values: Array<number[]>;
                } | null;
                notes: string[];
                noteWords?: Array<{
                    key: string;
                    values: {
                      [key: string]: string | number | string[] | {
                        anyOf: string[];
                      };
                    };
                  }> | undefined;
              }>;
          } | null;
          id: string;
          bookId: string;
          templateId: string;
          templateName: string;
          templateVersion: number;
          parameters: {
            [key: string]: unknown;
          };
          status: "queued" | "running" | "succeeded" | "failed";
          error: {
            code: string;
            message: string;
          } | null;
          jobId: string | null;
          createdAt: string;
          startedAt: string | null;
          finishedAt: string | null;
          durationMs: number | null;
        };
        meta: object;
      }>;
      compare: TRPCQueryProcedure<{
        input: {
          bookId: string;
          otherBookId?: string | undefined;
          asOf?: string | undefined;
          series?: Array<"beats" | "readability" | "speakers" | "emotion" | "chapter-words" | "dialogue-share" | "pacing-action" | "pacing-introspection" | "pacing-narration" | "lead-speaker" | "sentence-length" | "clause-length" | "emotion-zh" | "hook-type"> | undefined;
        };
        output: {
          series: Array<{
              key: string;
              label: string;
              unit: string;
              categories?: string[] | undefined;
            }>;
          beats: Array<{
              name: string;
              target: number;
            }>;
          left: {
            bookId: string;
            title: string;
            asOf: string | null;
            language: "en" | "zh" | "mixed";
            words: number;
            chapters: Array<{
                id: string;
                number: number;
                title: string;
                words: number;
                start: number;
                end: number;
                position: number;
              }>;
            values: {
              [key: string]: Array<string | number | null>;
            };
            notes: {
              [key: string]: string;
            };
            noteWords: {
              [key: string]: {
                key: string;
                values: {
                  [key: string]: string | number | string[] | {
                    anyOf: string[];
                  };
                };
              };
            };
          };
          right: {
            bookId: string;
            title: string;
            asOf: string | null;
            language: "en" | "zh" | "mixed";
            words: number;
            chapters: Array<{
                id: string;
                number: number;
                title: string;
                words: number;
                start: number;
                end: number;
                position: number;
              }>;
            values: {
              [key: string]: Array<string | number | null>;
            };
            notes: {
              [key: string]: string;
            };
            noteWords: {
              [key: string]: {
                key: string;
                values: {
                  [key: string]: string | number | string[] | {
                    anyOf: string[];
                  };
                };
              };
            };
          };
        };
        meta: object;
      }>;
    };
    goals: {
      settings: TRPCQueryProcedure<{
        input: {
          [key: string]: never;
        } | undefined;
        output: {
          timeZone: string;
          dailyGoal: number | null;
          sessionGoal: number | null;
          daysOff: number[];
          minimumBufferDays: number | null;
        };
        meta: object;
      }>;
      updateSettings: TRPCMutationProcedure<{
        input: {
          timeZone?: string | undefined;
          dailyGoal?: number | null | undefined;
          sessionGoal?: number | null | undefined;
          daysOff?: number[] | undefined;
          minimumBufferDays?: number | null | undefined;
        };
        output: {
          timeZone: string;
          dailyGoal: number | null;
          sessionGoal: number | null;
          daysOff: number[];
          minimumBufferDays: number | null;
        };
        meta: object;
      }>;
      book: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          bookId: string;
          targetWordCount: number | null;
          deadline: string | null;
          wordCount: number;
          remaining: number | null;
          daysLeft: number | null;
          wordsPerDay: number | null;
          writtenToday: number;
        };
        meta: object;
      }>;
      setBook: TRPCMutationProcedure<{
        input: {
          bookId: string;
          targetWordCount?: number | null | undefined;
          deadline?: string | null | undefined;
        };
        output: {
          bookId: string;
          targetWordCount: number | null;
          deadline: string | null;
          wordCount: number;
          remaining: number | null;
          daysLeft: number | null;
          wordsPerDay: number | null;
          writtenToday: number;
        };
        meta: object;
      }>;
    };
    stats: {
      today: TRPCQueryProcedure<{
        input: {
          [key: string]: never;
        } | undefined;
        output: {
          dailyGoal: number | null;
          met: boolean;
          streak: number;
          written: number;
          removed: number;
          imported: number;
          restored: number;
          net: number;
          date: string;
          timeZone: string;
        };
        meta: object;
      }>;
      history: TRPCQueryProcedure<{
        input: {
          from?: string | undefined;
          to?: string | undefined;
          bookId?: string | undefined;
        } | undefined;
        output: {
          days: Array<{
              written: number;
              removed: number;
              imported: number;
              restored: number;
              net: number;
              date: string;
            }>;
          totals: {
            written: number;
            removed: number;
            imported: number;
            restored: number;
            net: number;
          };
          bestDay: {
            date: string;
            net: number;
          } | null;
          averagePerWritingDay: number;
          streak: number;
          longestStreak: number;
        };
        meta: object;
      }>;
      bookProgress: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          points: Array<{
              date: string;
              wordCount: number;
            }>;
          targetWordCount: number | null;
          deadline: string | null;
          startDate: string | null;
        };
        meta: object;
      }>;
    };
    releases: {
      plan: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          bookId: string;
          cadence: "daily" | "weekdays" | "weekly" | null;
          startDate: string | null;
          releasesPerDay: number;
          releaseTimes: string[];
          minimumBufferDays: number | null;
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              releaseDate: string | null;
              releaseTime: string | null;
              releasedAt: string | null;
            }>;
          bufferChapters: number;
          bufferDays: number;
          bufferRunsOut: {
            date: string;
            time: string | null;
          } | null;
          minimumBufferChapters: number | null;
          belowMinimum: boolean;
          releaseStreak: {
            current: number;
            longest: number;
          };
        };
        meta: object;
      }>;
      setPlan: TRPCMutationProcedure<{
        input: {
          bookId: string;
          cadence: "daily" | "weekdays" | "weekly" | null;
          startDate: string | null;
          minimumBufferDays: number | null;
          releasesPerDay?: number | undefined;
          releaseTimes?: string[] | undefined;
        };
        output: {
          bookId: string;
          cadence: "daily" | "weekdays" | "weekly" | null;
          startDate: string | null;
          releasesPerDay: number;
          releaseTimes: string[];
          minimumBufferDays: number | null;
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              releaseDate: string | null;
              releaseTime: string | null;
              releasedAt: string | null;
            }>;
          bufferChapters: number;
          bufferDays: number;
          bufferRunsOut: {
            date: string;
            time: string | null;
          } | null;
          minimumBufferChapters: number | null;
          belowMinimum: boolean;
          releaseStreak: {
            current: number;
            longest: number;
          };
        };
        meta: object;
      }>;
      setChapter: TRPCMutationProcedure<{
        input: {
          bookId: string;
          chapterId: string;
          releaseDate?: string | null | undefined;
          releaseTime?: string | null | undefined;
          released?: boolean | undefined;
        };
        output: {
          bookId: string;
          cadence: "daily" | "weekdays" | "weekly" | null;
          startDate: string | null;
          releasesPerDay: number;
          releaseTimes: string[];
          minimumBufferDays: number | null;
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              releaseDate: string | null;
              releaseTime: string | null;
              releasedAt: string | null;
            }>;
          bufferChapters: number;
          bufferDays: number;
          bufferRunsOut: {
            date: string;
            time: string | null;
          } | null;
          minimumBufferChapters: number | null;
          belowMinimum: boolean;
          releaseStreak: {
            current: number;
            longest: number;
          };
        };
        meta: object;
      }>;
    };
    search: {
      book: TRPCQueryProcedure<{
        input: {
          query: string;
          bookId: string;
          page?: number | undefined;
          perPage?: number | undefined;
          matchCase?: boolean | undefined;
          wholeWord?: boolean | undefined;
          regex?: boolean | undefined;
          widthInsensitive?: boolean | undefined;
          matchChineseScript?: boolean | undefined;
        };
        output: {
          items: Array<{
              before: string;
              match: string;
              after: string;
              start: number;
              end: number;
              chapterId: string;
              chapterTitle: string;
              field: "title" | "content";
            }>;
          total: number;
          page: number;
          perPage: number;
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              hitCount: number;
            }>;
        };
        meta: object;
      }>;
      library: TRPCQueryProcedure<{
        input: {
          query: string;
          page?: number | undefined;
          perPage?: number | undefined;
        };
        output: {
          items: Array<{
              before: string;
              match: string;
              after: string;
              bookId: string;
              bookTitle: string;
              chapterId: string;
              chapterTitle: string;
              hitCount: number;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      previewReplace: TRPCQueryProcedure<{
        input: {
          replacement: string;
          query: string;
          bookId: string;
          preserveCase?: boolean | undefined;
          matchCase?: boolean | undefined;
          wholeWord?: boolean | undefined;
          regex?: boolean | undefined;
          widthInsensitive?: boolean | undefined;
          matchChineseScript?: boolean | undefined;
        };
        output: {
          total: number;
          chapters: Array<{
              chapterId: string;
              title: string;
              version: number;
              hits: Array<{
                  replacement: string;
                  before: string;
                  match: string;
                  after: string;
                  start: number;
                  end: number;
                  hitId: string;
                  field: "title" | "content";
                }>;
            }>;
        };
        meta: object;
      }>;
      applyReplace: TRPCMutationProcedure<{
        input: {
          chapters: Array<{
              chapterId: string;
              version: number;
              skip?: string[] | undefined;
            }>;
          replacement: string;
          query: string;
          bookId: string;
          preserveCase?: boolean | undefined;
          matchCase?: boolean | undefined;
          wholeWord?: boolean | undefined;
          regex?: boolean | undefined;
          widthInsensitive?: boolean | undefined;
          matchChineseScript?: boolean | undefined;
        };
        output: {
          changeSetId: string;
          replaced: number;
          chapters: Array<{
              chapterId: string;
              version: number;
              replaced: number;
            }>;
        };
        meta: object;
      }>;
      changeSets: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          items: Array<{
              changeSetId: string;
              createdAt: string;
              query: string;
              replacement: string;
              replaced: number;
              chapterCount: number;
              undoneAt: string | null;
            }>;
        };
        meta: object;
      }>;
      undoChangeSet: TRPCMutationProcedure<{
        input: {
          bookId: string;
          changeSetId: string;
        };
        output: {
          changeSetId: string;
          chapters: Array<{
              chapterId: string;
              version: number;
            }>;
        };
        meta: object;
      }>;
    };
    bible: {
      entries: TRPCQueryProcedure<{
        input: {
          bookId: string;
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "name" | "createdAt" | "kind" | "updatedAt" | undefined;
          order?: "asc" | "desc" | undefined;
          kind?: string | undefined;
          tag?: string | undefined;
          scope?: "book" | "series" | undefined;
        };
        output: {
          items: Array<{
              id: string;
              scope: "book" | "series";
              bookId: string | null;
              seriesId: string | null;
              kind: string;
              name: string;
              aliases: string[];
              description: string;
              fields: Array<{
                  key: string;
                  value: string;
                }>;
              tags: string[];
              status: {
                note: string;
                exitChapter: {
                  id: string;
                  bookId: string;
                  title: string;
                  position: number;
                } | null;
              };
              picture: {
                mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
                size: number;
                updatedAt: string;
                url: string;
              } | null;
              warnings: Array<{
                  name: string;
                  code: "common_word" | "single_character";
                  message: string;
                }>;
              createdAt: string;
              updatedAt: string;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      names: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            scope: "book" | "series";
            kind: string;
            name: string;
            aliases: string[];
          }>;
        meta: object;
      }>;
      getEntry: TRPCQueryProcedure<{
        input: {
          bookId: string;
          entryId: string;
        };
        output: {
          id: string;
          scope: "book" | "series";
          bookId: string | null;
          seriesId: string | null;
          kind: string;
          name: string;
          aliases: string[];
          description: string;
          fields: Array<{
              key: string;
              value: string;
            }>;
          tags: string[];
          status: {
            note: string;
            exitChapter: {
              id: string;
              bookId: string;
              title: string;
              position: number;
            } | null;
          };
          picture: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
          } | null;
          warnings: Array<{
              name: string;
              code: "common_word" | "single_character";
              message: string;
            }>;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      createEntry: TRPCMutationProcedure<{
        input: {
          bookId: string;
          name: string;
          kind?: string | undefined;
          aliases?: string[] | undefined;
          description?: string | undefined;
          fields?: Array<{
              key: string;
              value: string;
            }> | undefined;
          tags?: string[] | undefined;
          status?: {
            note?: string | undefined;
            exitChapterId?: string | null | undefined;
          } | undefined;
          scope?: "book" | "series" | undefined;
        };
        output: {
          id: string;
          scope: "book" | "series";
          bookId: string | null;
          seriesId: string | null;
          kind: string;
          name: string;
          aliases: string[];
          description: string;
          fields: Array<{
              key: string;
              value: string;
            }>;
          tags: string[];
          status: {
            note: string;
            exitChapter: {
              id: string;
              bookId: string;
              title: string;
              position: number;
            } | null;
          };
          picture: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
          } | null;
          warnings: Array<{
              name: string;
              code: "common_word" | "single_character";
              message: string;
            }>;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      updateEntry: TRPCMutationProcedure<{
        input: {
          bookId: string;
          entryId: string;
          changes: {
            kind?: string | undefined;
            name?: string | undefined;
            aliases?: string[] | undefined;
            description?: string | undefined;
            fields?: Array<{
                key: string;
                value: string;
              }> | undefined;
            tags?: string[] | undefined;
            status?: {
              note?: string | undefined;
              exitChapterId?: string | null | undefined;
            } | undefined;
          };
        };
        output: {
          id: string;
          scope: "book" | "series";
          bookId: string | null;
          seriesId: string | null;
          kind: string;
          name: string;
          aliases: string[];
          description: string;
          fields: Array<{
              key: string;
              value: string;
            }>;
          tags: string[];
          status: {
            note: string;
            exitChapter: {
              id: string;
              bookId: string;
              title: string;
              position: number;
            } | null;
          };
          picture: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
          } | null;
          warnings: Array<{
              name: string;
              code: "common_word" | "single_character";
              message: string;
            }>;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      deleteEntry: TRPCMutationProcedure<{
        input: {
          bookId: string;
          entryId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      deletePicture: TRPCMutationProcedure<{
        input: {
          bookId: string;
          entryId: string;
        };
        output: {
          id: string;
          scope: "book" | "series";
          bookId: string | null;
          seriesId: string | null;
          kind: string;
          name: string;
          aliases: string[];
          description: string;
          fields: Array<{
              key: string;
              value: string;
            }>;
          tags: string[];
          status: {
            note: string;
            exitChapter: {
              id: string;
              bookId: string;
              title: string;
              position: number;
            } | null;
          };
          picture: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
          } | null;
          warnings: Array<{
              name: string;
              code: "common_word" | "single_character";
              message: string;
            }>;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      relations: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: Array<{
            id: string;
            fromId: string;
            toId: string;
            label: string;
            from: {
              id: string;
              name: string;
              kind: string;
            };
            to: {
              id: string;
              name: string;
              kind: string;
            };
            createdAt: string;
          }>;
        meta: object;
      }>;
      createRelation: TRPCMutationProcedure<{
        input: {
          bookId: string;
          fromId: string;
          toId: string;
          label: string;
        };
        output: {
          id: string;
          fromId: string;
          toId: string;
          label: string;
          from: {
            id: string;
            name: string;
            kind: string;
          };
          to: {
            id: string;
            name: string;
            kind: string;
          };
          createdAt: string;
        };
        meta: object;
      }>;
      updateRelation: TRPCMutationProcedure<{
        input: {
          bookId: string;
          relationId: string;
          label: string;
        };
        output: {
          id: string;
          fromId: string;
          toId: string;
          label: string;
          from: {
            id: string;
            name: string;
            kind: string;
          };
          to: {
            id: string;
            name: string;
            kind: string;
          };
          createdAt: string;
        };
        meta: object;
      }>;
      deleteRelation: TRPCMutationProcedure<{
        input: {
          bookId: string;
          relationId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      mentions: TRPCQueryProcedure<{
        input: {
          bookId: string;
          entryId: string;
          chapterId?: string | undefined;
          page?: unknown;
          perPage?: unknown;
        };
        output: {
          entryId: string;
          total: number;
          chapters: Array<{
              chapterId: string;
              title: string;
              position: number;
              count: number;
            }>;
          first: {
            chapterId: string;
            chapterTitle: string;
            position: number;
            start: number;
          } | null;
          last: {
            chapterId: string;
            chapterTitle: string;
            position: number;
            start: number;
          } | null;
          mentions: {
            items: Array<{
                chapterId: string;
                chapterTitle: string;
                position: number;
                start: number;
                end: number;
                text: string;
                sentence: string;
                sentenceStart: number;
              }>;
            total: number;
            page: number;
            perPage: number;
          };
        };
        meta: object;
      }>;
      chapterMentions: TRPCQueryProcedure<{
        input: {
          bookId: string;
          chapterId: string;
        };
        output: {
          chapterId: string;
          version: number;
          complete: boolean;
          entries: Array<{
              entryId: string;
              kind: string;
              name: string;
              count: number;
              spans: Array<{
                  start: number;
                  end: number;
                }>;
            }>;
        };
        meta: object;
      }>;
      checks: TRPCQueryProcedure<{
        input: {
          bookId: string;
          absence?: unknown;
        };
        output: {
          findings: Array<{
              kind: "after_exit" | "near_name" | "long_absence";
              entryId: string;
              entryName: string;
              chapterId: string;
              chapterTitle: string;
              position: number;
              offset: number;
              length: number;
              text: string;
              message: string;
              occurrences?: number | undefined;
              absentChapters?: number | undefined;
              mentions?: number | undefined;
              exitPosition?: number | null | undefined;
              returnsAt?: number | null | undefined;
            }>;
          chaptersScanned: number;
          absence: number;
        };
        meta: object;
      }>;
      proposals: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          items: Array<{
              name: string;
              kind: "character";
              mentions: number;
              chapters: number;
            }>;
        };
        meta: object;
      }>;
      exportMarkdown: TRPCQueryProcedure<{
        input: {
          bookId: string;
        };
        output: {
          fileName: string;
          markdown: string;
        };
        meta: object;
      }>;
      importEntries: TRPCMutationProcedure<{
        input: {
          bookId: string;
          entries: Array<{
              name: string;
              kind?: string | undefined;
              aliases?: string[] | undefined;
              description?: string | undefined;
              fields?: Array<{
                  key: string;
                  value: string;
                }> | undefined;
              tags?: string[] | undefined;
              status?: {
                note?: string | undefined;
                exitChapterId?: string | null | undefined;
              } | undefined;
              scope?: "book" | "series" | undefined;
            }>;
          onDuplicate?: "skip" | "fail" | undefined;
        };
        output: {
          created: Array<{
              id: string;
              scope: "book" | "series";
              kind: string;
              name: string;
              aliases: string[];
            }>;
          skipped: Array<{
              index: number;
              name: string;
              reason: string;
              entryId: string | null;
            }>;
          warnings: Array<{
              name: string;
              code: "common_word" | "single_character";
              message: string;
              entryId: string;
            }>;
        };
        meta: object;
      }>;
      addCastMember: TRPCMutationProcedure<{
        input: {
          bookId: string;
          name: string;
          aliases?: string[] | undefined;
        };
        output: {
          id: string;
          scope: "book" | "series";
          bookId: string | null;
          seriesId: string | null;
          kind: string;
          name: string;
          aliases: string[];
          description: string;
          fields: Array<{
              key: string;
              value: string;
            }>;
          tags: string[];
          status: {
            note: string;
            exitChapter: {
              id: string;
              bookId: string;
              title: string;
              position: number;
            } | null;
          };
          picture: {
            mediaType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
            size: number;
            updatedAt: string;
            url: string;
          } | null;
          warnings: Array<{
              name: string;
              code: "common_word" | "single_character";
              message: string;
            }>;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
    };
    series: {
      list: TRPCQueryProcedure<{
        input: {
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | "title" | "updatedAt" | undefined;
          order?: "asc" | "desc" | undefined;
        } | undefined;
        output: {
          items: Array<{
              id: string;
              ownerId: string;
              title: string;
              description: string;
              books: Array<{
                  id: string;
                  title: string;
                  position: number;
                }>;
              entryCount: number;
              createdAt: string;
              updatedAt: string;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          seriesId: string;
        };
        output: {
          id: string;
          ownerId: string;
          title: string;
          description: string;
          books: Array<{
              id: string;
              title: string;
              position: number;
            }>;
          entryCount: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          title: string;
          description?: string | undefined;
          bookIds?: string[] | undefined;
        };
        output: {
          id: string;
          ownerId: string;
          title: string;
          description: string;
          books: Array<{
              id: string;
              title: string;
              position: number;
            }>;
          entryCount: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          seriesId: string;
          changes: {
            title?: string | undefined;
            description?: string | undefined;
            bookIds?: string[] | undefined;
          };
        };
        output: {
          id: string;
          ownerId: string;
          title: string;
          description: string;
          books: Array<{
              id: string;
              title: string;
              position: number;
            }>;
          entryCount: number;
          createdAt: string;
          updatedAt: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          seriesId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
    };
    webhooks: {
      list: TRPCQueryProcedure<{
        input: {
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | "url" | undefined;
          order?: "asc" | "desc" | undefined;
          active?: boolean | undefined;
        } | undefined;
        output: {
          items: Array<{
              id: string;
              url: string;
              description: string;
              events: Array<"book.created" | "book.deleted" | "chapter.saved" | "job.succeeded" | "job.failed" | "job.cancelled" | "*">;
              bookId: string | null;
              active: boolean;
              disabledReason: string | null;
              consecutiveFailures: number;
              createdAt: string;
              updatedAt: string;
              links: {
                self: string;
                deliveries: string;
                pings: string;
              };
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: {
          url: string;
          events: Array<"book.created" | "book.deleted" | "chapter.saved" | "job.succeeded" | "job.failed" | "job.cancelled" | "*">;
          bookId?: string | null | undefined;
          description?: string | undefined;
          active?: boolean | undefined;
        };
        output: {
          id: string;
          url: string;
          description: string;
          events: Array<"book.created" | "book.deleted" | "chapter.saved" | "job.succeeded" | "job.failed" | "job.cancelled" | "*">;
          bookId: string | null;
          active: boolean;
          disabledReason: string | null;
          consecutiveFailures: number;
          createdAt: string;
          updatedAt: string;
          links: {
            self: string;
            deliveries: string;
            pings: string;
          };
          secret: string;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: {
          webhookId: string;
        };
        output: {
          id: string;
          url: string;
          description: string;
          events: Array<"book.created" | "book.deleted" | "chapter.saved" | "job.succeeded" | "job.failed" | "job.cancelled" | "*">;
          bookId: string | null;
          active: boolean;
          disabledReason: string | null;
          consecutiveFailures: number;
          createdAt: string;
          updatedAt: string;
          links: {
            self: string;
            deliveries: string;
            pings: string;
          };
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: {
          webhookId: string;
          url?: string | undefined;
          events?: Array<"book.created" | "book.deleted" | "chapter.saved" | "job.succeeded" | "job.failed" | "job.cancelled" | "*"> | undefined;
          bookId?: string | null | undefined;
          description?: string | undefined;
          active?: boolean | undefined;
        };
        output: {
          id: string;
          url: string;
          description: string;
          events: Array<"book.created" | "book.deleted" | "chapter.saved" | "job.succeeded" | "job.failed" | "job.cancelled" | "*">;
          bookId: string | null;
          active: boolean;
          disabledReason: string | null;
          consecutiveFailures: number;
          createdAt: string;
          updatedAt: string;
          links: {
            self: string;
            deliveries: string;
            pings: string;
          };
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{
        input: {
          webhookId: string;
        };
        output: {
          deleted: true;
        };
        meta: object;
      }>;
      ping: TRPCMutationProcedure<{
        input: {
          webhookId: string;
        };
        output: {
          id: string;
          eventId: string;
          event: string;
          status: "failed" | "pending" | "delivered";
          attempts: Array<{
              at: string;
              statusCode: number | null;
              error: string | null;
              durationMs: number;
              responseExcerpt: string | null;
              nextRetryAt: string | null;
            }>;
          nextAttemptAt: string | null;
          createdAt: string;
          payload: unknown;
        };
        meta: object;
      }>;
      deliveries: TRPCQueryProcedure<{
        input: {
          webhookId: string;
          page?: number | undefined;
          perPage?: number | undefined;
          sortBy?: "createdAt" | undefined;
          order?: "asc" | "desc" | undefined;
          status?: "failed" | "pending" | "delivered" | undefined;
          event?: string | undefined;
        };
        output: {
          items: Array<{
              id: string;
              eventId: string;
              event: string;
              status: "failed" | "pending" | "delivered";
              attempts: Array<{
                  at: string;
                  statusCode: number | null;
                  error: string | null;
                  durationMs: number;
                  responseExcerpt: string | null;
                  nextRetryAt: string | null;
                }>;
              nextAttemptAt: string | null;
              createdAt: string;
              payload: unknown;
            }>;
          total: number;
          page: number;
          perPage: number;
        };
        meta: object;
      }>;
      delivery: TRPCQueryProcedure<{
        input: {
          webhookId: string;
          deliveryId: string;
        };
        output: {
          id: string;
          eventId: string;
          event: string;
          status: "failed" | "pending" | "delivered";
          attempts: Array<{
              at: string;
              statusCode: number | null;
              error: string | null;
              durationMs: number;
              responseExcerpt: string | null;
              nextRetryAt: string | null;
            }>;
          nextAttemptAt: string | null;
          createdAt: string;
          payload: unknown;
        };
        meta: object;
      }>;
      redeliver: TRPCMutationProcedure<{
        input: {
          webhookId: string;
          deliveryId: string;
        };
        output: {
          id: string;
          eventId: string;
          event: string;
          status: "failed" | "pending" | "delivered";
          attempts: Array<{
              at: string;
              statusCode: number | null;
              error: string | null;
              durationMs: number;
              responseExcerpt: string | null;
              nextRetryAt: string | null;
            }>;
          nextAttemptAt: string | null;
          createdAt: string;
          payload: unknown;
        };
        meta: object;
      }>;
    };
  }
>;
