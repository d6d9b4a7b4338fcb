import { accountsOperations } from "./accounts.ts";
import { authOperations } from "./auth.ts";
import { enrollmentsOperations } from "./enrollments.ts";
import { type OpenApiDocument, openApiDocument, openApiOperations } from "./openapi.ts";
import type { Operation } from "./operations.ts";
import { passwordResetOperations } from "./password-reset.ts";
import { postsOperations } from "./posts.ts";
import { reviewsOperations } from "./reviews.ts";
import { servicesOperations } from "./services.ts";
import { tokensOperations } from "./tokens.ts";
import { writingAnswersOperations } from "./writing-answers.ts";
import { writingMarkingOperations } from "./writing-marking.ts";
import { writingTasksOperations } from "./writing-tasks.ts";

/**
 * Every call of the JSON API, in the order the reference lists them within each resource. A new
 * router's `Operation`s go here too: the contract tests fail for a route under /api that
 * answers but is missing from the document (tests/integration/openapi.test.ts).
 */
export const API_OPERATIONS: readonly Operation[] = [
  ...Object.values(servicesOperations),
  ...Object.values(reviewsOperations),
  ...Object.values(enrollmentsOperations),
  ...Object.values(accountsOperations),
  ...signInFirst(),
  ...Object.values(tokensOperations),
  ...Object.values(postsOperations),
  ...Object.values(writingTasksOperations),
  ...Object.values(writingAnswersOperations),
  ...Object.values(writingMarkingOperations),
  ...Object.values(openApiOperations),
];

/** Sign-up, sign-in and out, the session and a forgotten password first; then the rest. */
function signInFirst(): Operation[] {
  const { signUp, signIn, signOut, getSession, ...rest } = authOperations;
  return [
    signUp,
    signIn,
    signOut,
    getSession,
    passwordResetOperations.request,
    ...Object.values(rest),
  ];
}

/** The document for the site at `baseUrl`: made once, when the app is. */
export function apiDocument(baseUrl: string): OpenApiDocument {
  return openApiDocument(API_OPERATIONS, { baseUrl });
}
