import { createHash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArtifactLocation, Location, Log, ReportingDescriptor, Result } from 'sarif';
import { PAYMENT_RULES_PACK } from '../rules/types.js';
import { showControls, stringifyJson } from '../util/visible-text.js';
import { rulesOfReport, type ReportRule } from './report-rules.js';
import type { Finding, FindingLevel, FindingLocation, FindingsReport, SkippedRule } from './types.js';

/**
 * A findings report as a SARIF 2.1.0 log, for GitHub code scanning (github/codeql-action/upload-sarif),
 * which shows each result on its manifest line and, in a pull request, on the lines the pull request
 * changed. Written to the subset GitHub documents ("SARIF support for code scanning"):
 *
 * - every rule in `tool.driver.rules`, with its title as short and full description, a help text
 *   and, for paycfg's own packs, a `helpUri` to docs/rules.md or docs/policy.md;
 * - every finding a result: level error, warning or note (below), the message, and one location:
 *   the manifest file relative to the repository root (`uriBaseId` `%SRCROOT%`), line and column;
 *   the record's address as a logical location beside it. GitHub needs a physical location to show
 *   a result at all: a finding the run could not place (a policy finding about a record, from
 *   `check` without the manifest) is put on line 1 of the manifest's first file when the run knows
 *   it, with its address leading the message;
 * - a rule a record switched off (`skipRules:`) a result with an in-source suppression whose
 *   justification is the manifest's reason: GitHub lists it among the closed alerts, as suppressed;
 * - `partialFingerprints` keyed `paycfgFinding/v1`: the pack, rule and record, never the line, so
 *   that a consumer that reads it tracks a finding while the lines around it move. GitHub itself
 *   matches alerts by `primaryLocationLineHash` alone, which upload-sarif computes from the manifest
 *   line (its content and the lines after it, not its number); paycfg leaves that key to it, since
 *   upload-sarif warns, once per result, when a given value is not the one it computes, except for
 *   a result put on line 1 for want of a place (partialFingerprints below).
 *
 * Levels: a manifest rule's error and warning are SARIF's; mandatory is error; overridable is
 * error, or note once overridden (the override, who and when, in the result's properties);
 * advisory is note.
 *
 * Every text goes through showControls: a control character or a bidirectional override from a
 * policy message is written as an escape, never shown raw in GitHub's alert list.
 */

/** The schema GitHub's documentation names for the `$schema` of an uploaded log. */
export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/** The base URI id the manifest paths are relative to: the repository's root. */
export const SOURCE_ROOT_ID = '%SRCROOT%';

/** paycfg's home, for the tool's `informationUri` and the rules' documentation. */
const REPOSITORY_URL = 'https://github.com/paycfg/paycfg';

/** The documentation page of each of paycfg's own packs; a rule's section is its id. */
const PACK_DOCS: Readonly<Record<string, string>> = {
  [PAYMENT_RULES_PACK]: 'docs/rules.md',
  // The built-in plan pack (src/policy, contract decision 3).
  'paycfg/plan-rules': 'docs/policy.md',
};

/** GitHub shows at most 1024 characters of a rule's descriptions. */
const DESCRIPTION_LIMIT = 1024;

/** Keys a partial fingerprint; `/v1` as SARIF §3.27.17 asks, bumped if what it hashes changes. */
export const FINGERPRINT_KEY = 'paycfgFinding/v1';

export interface SarifOptions {
  /** paycfg's version (package-files PACKAGE_VERSION). */
  readonly toolVersion: string;
  /** The run's working directory, absolute: the manifest paths of the findings are relative to it, as paycfg prints them. */
  readonly cwd: string;
  /**
   * The repository's root, absolute (default: `cwd`): the URIs are written relative to it, as GitHub
   * reads them. A file outside it is written as an absolute `file:` URI.
   */
  readonly sourceRoot?: string;
  /** The run's manifest files as paycfg names them: a finding without a location is placed on line 1 of the first. */
  readonly manifestFiles?: readonly string[];
}

/** SARIF's level of a finding. */
export function sarifLevel(level: FindingLevel, overridden = false): 'error' | 'warning' | 'note' {
  switch (level) {
    case 'error':
    case 'mandatory':
      return 'error';
    case 'warning':
      return 'warning';
    case 'overridable':
      return overridden ? 'note' : 'error';
    case 'advisory':
      return 'note';
  }
}

/**
 * A rule's SARIF id. paycfg's own rule ids are unique across its packs and are used as they are; a
 * PBO's rule id is unique only within its pack, so it is written `<pack>/<id>`, the same in every
 * run whatever other packs run beside it (a fingerprint needs the id to stay put).
 */
export function sarifRuleId(pack: string, id: string): string {
  return visible(pack.startsWith('paycfg/') ? id : `${pack}/${id}`);
}

export function findingsSarif(report: FindingsReport, options: SarifOptions): Log {
  const root = options.sourceRoot ?? options.cwd;
  const rules = rulesOfReport(report);
  const ruleIndex = new Map(rules.map((rule, index) => [`${rule.pack}\u0000${rule.id}`, index]));
  const indexOf = (pack: string, id: string): number => ruleIndex.get(`${pack}\u0000${id}`)!;
  const place = placer(options.cwd, root, options.manifestFiles ?? []);
  const fingerprint = fingerprinter();

  const results: Result[] = [];
  for (const rule of rules) {
    for (const finding of rule.findings) results.push(findingResult(finding, indexOf(finding.pack, finding.rule), place, fingerprint));
  }
  for (const rule of rules) {
    for (const skip of rule.skipped) results.push(skippedResult(rule, skip, indexOf(rule.pack, rule.id), place, fingerprint));
  }

  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'paycfg',
            version: options.toolVersion,
            semanticVersion: options.toolVersion,
            informationUri: REPOSITORY_URL,
            rules: rules.map(ruleDescriptor),
          },
        },
        originalUriBaseIds: { [SOURCE_ROOT_ID]: { uri: directoryUri(root) } },
        // Columns count UTF-16 units: the YAML parser's offsets are JavaScript string indices.
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

/** findingsSarif as the file paycfg writes: JSON, two-space indented, with a final newline. */
export function renderSarif(report: FindingsReport, options: SarifOptions): string {
  return `${stringifyJson(findingsSarif(report, options), 2)}\n`;
}

function ruleDescriptor(rule: ReportRule): ReportingDescriptor {
  const title = limit(visible(rule.title === '' ? rule.id : rule.title), DESCRIPTION_LIMIT);
  const page = PACK_DOCS[rule.pack];
  const helpUri = page === undefined ? undefined : `${REPOSITORY_URL}/blob/main/${page}#${encodeURIComponent(rule.id)}`;
  return {
    id: sarifRuleId(rule.pack, rule.id),
    shortDescription: { text: title },
    fullDescription: { text: title },
    help: { text: helpUri === undefined ? `${title}\n\nRule ${visible(rule.id)} of the policy pack ${visible(rule.pack)}.` : `${title}\n\nSee ${helpUri}` },
    ...(helpUri !== undefined ? { helpUri } : {}),
    defaultConfiguration: { level: sarifLevel(rule.level) },
    properties: { pack: visible(rule.pack), level: rule.level, tags: [visible(rule.pack)] },
  };
}

function findingResult(finding: Finding, ruleIndex: number, place: Placer, fingerprint: Fingerprinter): Result {
  const placed = place(finding.location, finding.address);
  const message = visible(finding.message);
  return {
    ruleId: sarifRuleId(finding.pack, finding.rule),
    ruleIndex,
    level: sarifLevel(finding.level, finding.override !== undefined),
    message: { text: placed.own || finding.address === undefined ? message : `${visible(finding.address)}: ${message}` },
    locations: placed.locations,
    partialFingerprints: partialFingerprints(fingerprint(['finding', finding.pack, finding.rule, finding.address ?? '', finding.address === undefined ? finding.message : '']), placed),
    properties: {
      pack: visible(finding.pack),
      level: finding.level,
      blocking: finding.blocking,
      ...(finding.address !== undefined ? { address: visible(finding.address) } : {}),
      ...(finding.override !== undefined
        ? { override: { reason: visible(finding.override.reason), by: visible(finding.override.by), at: finding.override.at } }
        : {}),
    },
  };
}

function skippedResult(rule: ReportRule, skip: SkippedRule, ruleIndex: number, place: Placer, fingerprint: Fingerprinter): Result {
  const placed = place(skip.location, skip.address);
  const reason = visible(skip.reason);
  return {
    ruleId: sarifRuleId(rule.pack, rule.id),
    ruleIndex,
    level: sarifLevel(rule.level),
    message: { text: `${visible(skip.address)}: ${visible(rule.id)} is switched off in the manifest: ${reason}` },
    locations: placed.locations,
    suppressions: [{ kind: 'inSource', status: 'accepted', justification: reason }],
    partialFingerprints: partialFingerprints(fingerprint(['skipped', rule.pack, rule.id, skip.address, '']), placed),
    properties: { pack: visible(rule.pack), address: visible(skip.address) },
  };
}

/** A result's locations, and whether the first is the finding's own place (not the manifest's first line). */
type Placer = (location: FindingLocation | undefined, address: string | undefined) => { locations: Location[]; own: boolean };

function placer(cwd: string, root: string, manifestFiles: readonly string[]): Placer {
  const start = manifestFiles.find(isFilePath);
  return (location, address) => {
    const logical = address === undefined ? {} : { logicalLocations: [{ fullyQualifiedName: visible(address), kind: 'resource' }] };
    if (location !== undefined && isFilePath(location.file)) {
      const physicalLocation = {
        artifactLocation: artifactLocation(location.file, cwd, root),
        region: { startLine: location.line, startColumn: location.col, endLine: location.line },
      };
      return { locations: [{ physicalLocation, ...logical }], own: true };
    }
    if (start !== undefined) {
      const physicalLocation = { artifactLocation: artifactLocation(start, cwd, root), region: { startLine: 1, startColumn: 1, endLine: 1 } };
      return { locations: [{ physicalLocation, ...logical }], own: false };
    }
    return { locations: address === undefined ? [] : [logical], own: false };
  };
}

/**
 * A name paycfg gives a place that is a file; `<stdin>`, `<command line>` and `<manifest>` are the
 * names it gives places that are not.
 */
function isFilePath(file: string): boolean {
  return file !== '' && !/^<[^<>]*>$/.test(file);
}

/** The file relative to the repository's root; a file outside it as an absolute `file:` URI. */
function artifactLocation(file: string, cwd: string, root: string): ArtifactLocation {
  const absolute = resolve(cwd, file);
  const fromRoot = relative(root, absolute);
  if (fromRoot === '' || fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) return { uri: pathToFileURL(absolute).href };
  return { uri: fromRoot.split(sep).map(encodeURIComponent).join('/'), uriBaseId: SOURCE_ROOT_ID };
}

/** A directory's `file:` URI, with the final `/` SARIF asks of a base URI. */
function directoryUri(directory: string): string {
  const href = pathToFileURL(directory).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/**
 * The result's fingerprints. A result on line 1 of the first manifest file because it has no place
 * of its own also gets its fingerprint as `primaryLocationLineHash`: the hash upload-sarif would
 * compute from that line is the same for all of them, and GitHub would take them for one alert.
 * (upload-sarif says, for each of these, that the value is not the one it computes.)
 */
function partialFingerprints(value: string, placed: { locations: readonly Location[]; own: boolean }): Record<string, string> {
  const borrowed = !placed.own && placed.locations[0]?.physicalLocation !== undefined;
  return borrowed ? { [FINGERPRINT_KEY]: value, primaryLocationLineHash: value } : { [FINGERPRINT_KEY]: value };
}

type Fingerprinter = (parts: readonly string[]) => string;

/** A stable hash of what identifies a result, with `:N` counting results that share it (as GitHub's own line hashes do). */
function fingerprinter(): Fingerprinter {
  const seen = new Map<string, number>();
  return (parts) => {
    const hash = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    return `${hash}:${occurrence}`;
  };
}

/** A text as paycfg shows text it did not write: controls, bidirectional overrides and lone surrogates as escapes. */
function visible(text: string): string {
  return showControls(text, { unicodeEscapes: true });
}

/** At most `length` characters, a surrogate pair never cut in two. */
function limit(text: string, length: number): string {
  const characters = Array.from(text);
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`;
}
