import { ConfigError } from "../server/config.ts";

/** What an operator's command (npm run owner, npm run two-factor) answers: an exit code and text. */
export type CommandOutcome = { code: number; output: string };

/**
 * Runs such a command from the shell: its text on standard output, or on standard error when it
 * failed, and its code as the exit code. A configuration mistake is said without a stack.
 */
export async function runFromShell(
  command: (
    args: string[],
    environment: Record<string, string | undefined>,
  ) => Promise<CommandOutcome>,
): Promise<never> {
  try {
    const { code, output } = await command(process.argv.slice(2), process.env);
    (code === 0 ? console.log : console.error)(output);
    process.exit(code);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
