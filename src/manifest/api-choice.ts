/**
 * Which configuration API a run uses for the group: the manifest's `api:` and the `--api` flag of
 * validate, plan, apply, export and drift. The names are the contract's (issue 30): `current` is
 * /api/openapi/v1, `legacy` the /api/v2 configuration endpoints.
 */

/** The APIs a manifest may pin (`api:`). */
export const API_NAMES = ['current', 'legacy'] as const;
export type ApiName = (typeof API_NAMES)[number];

/** The values of `--api`: an API, or `auto` (ask the service). */
export const API_FLAG_VALUES = ['current', 'legacy', 'auto'] as const;
export type ApiFlag = (typeof API_FLAG_VALUES)[number];

/** What a run is to use: an API, or `detect` (one legacy read tells: 13310 means the group was switched). */
export type ApiChoice = ApiName | 'detect';

export function isApiFlag(value: string): value is ApiFlag {
  return (API_FLAG_VALUES as readonly string[]).includes(value);
}

/**
 * The API a run uses: the flag beats the manifest, and `--api auto` asks the service even where
 * the manifest pins one (to find out whether a pinned group was switched). Without the flag, the
 * manifest's `api:`; without either, detected.
 */
export function effectiveApi(flag: ApiFlag | undefined, manifest: { readonly api?: ApiName | undefined }): ApiChoice {
  if (flag === 'current' || flag === 'legacy') return flag;
  if (flag === 'auto') return 'detect';
  return manifest.api ?? 'detect';
}
