import type { SecretVariable } from './exported-manifest.js';

/**
 * What export says of the devices' admin passwords, in the manifest's comments and on stderr alike.
 * By default they are left out (not managed); with --manage-secrets each is a `${VARIABLE}`
 * reference, and the first apply sets every terminal's password to what its variable holds.
 */

export const MANAGE_SECRETS_FLAG = '--manage-secrets';

/** Names shown in one line before the rest is counted: a group of thousands of tills would bury the summary. */
const NAMES_IN_LINE = 5;

function devices(count: number): string {
  return `${count} device${count === 1 ? '' : 's'}`;
}

/** The header's sentence on secrets. */
export function secretsHeaderText(managed: boolean): string {
  const passcode =
    'A merchant passcode is write-only in the service (it is never returned), so it cannot be exported: add `passcode: ${VARIABLE}` to a merchant to manage it.';
  return managed
    ? 'Secrets are never written here: each deviceAdmin is a ${VARIABLE} reference (the variables are listed at the end), ' +
        "and the first apply sets each device's admin password to what its variable holds. " +
        passcode
    : "Secrets are never written here: each device's admin password (deviceAdmin) is left out, so not managed, and plan and apply leave it as it is. " +
        `To manage them, export with ${MANAGE_SECRETS_FLAG}: each becomes a \${VARIABLE} reference. ` +
        passcode;
}

/** The sentence over the list of variables, at the end of the manifest and on stderr. */
export function variablesHeading(variables: readonly SecretVariable[], managed: boolean): string {
  return managed
    ? `Secret variables (${variables.length}): set each to the device's admin password before \`paycfg plan\`; ` +
        "the first apply sets each device's admin password to what its variable holds (plan shows a change where they differ)."
    : `Admin passwords left unmanaged (${devices(variables.length)}): not in the manifest, so plan and apply leave them as they are. ` +
        `To manage them, export with ${MANAGE_SECRETS_FLAG} and set these variables to the passwords as they are live:`;
}

/** One row per variable, names aligned. */
export function variableRows(variables: readonly SecretVariable[]): string[] {
  const width = Math.max(...variables.map((v) => v.name.length));
  return variables.map((v) => `  ${v.name.padEnd(width)}  merchant ${v.merchant}, device ${v.device}${v.commentedOut ? ' (entry commented out)' : ''}`);
}

/** The one line stderr gets without --manage-secrets, naming the first variables and counting the rest. */
export function unmanagedSecretsLine(variables: readonly SecretVariable[]): string {
  const shown = variables.slice(0, NAMES_IN_LINE).map((v) => v.name);
  const rest = variables.length - shown.length;
  const names = rest > 0 ? `${shown.join(', ')} and ${rest} more (listed at the end of the manifest)` : shown.join(', ');
  if (variables.length === 1) {
    return (
      `1 device's admin password left unmanaged (not in the manifest: plan and apply leave it as it is). ` +
      `To manage it, export with ${MANAGE_SECRETS_FLAG} and set ${names} to the device's live admin password.`
    );
  }
  return (
    `${devices(variables.length)}' admin passwords left unmanaged (not in the manifest: plan and apply leave them as they are). ` +
    `To manage them, export with ${MANAGE_SECRETS_FLAG} and set ${names} to each device's live admin password.`
  );
}
