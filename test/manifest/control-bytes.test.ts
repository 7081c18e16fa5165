import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { printable, refusedCharacter } from '../../src/manifest/control-characters.js';
import { ManifestError, formatDiagnostic, loadManifest } from '../../src/manifest/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paycfg-control-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const HEAD = 'version: 1\nmerchants:\n  - providerReference: m-1\n    currency: USD\n    contactName: Jane\n    contactEmail: jane@shop.example\n';

/** The manifest's lines of error, or [] when it loads. */
async function errorsOf(text: string, env: Record<string, string> = {}): Promise<string[]> {
  await writeFile(path.join(dir, 'm.yaml'), text);
  try {
    await loadManifest(['m.yaml'], { env, cwd: dir });
    return [];
  } catch (error) {
    if (error instanceof ManifestError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
}

const CONTROL = '(terminals and viewers act on it instead of showing it)';
const LINES = 'only contactAddress, receiptInfo, receiptLogo and the values inside additionalData may span lines or hold tabs';

describe('characters refused in values and keys', () => {
  it('refuses a merchant name with NUL and ESC written as YAML escapes, at the value', async () => {
    expect(await errorsOf(`${HEAD}    mchName: "Caf\\u00e9\\0\\e[2K"\n`)).toEqual([
      `m.yaml:7:14: merchants[0].mchName: holds U+0000 (NUL), a control character ${CONTROL}, at character 5; ${LINES}`,
    ]);
  });

  it.each([
    ['"\\e"', 'U+001B (ESC), a control character'],
    ['"\\x9b"', 'U+009B (CSI), a control character'],
    ['"\\u0085"', 'U+0085 (NEL), a control character'],
    ['"\\x7f"', 'U+007F (DEL), a control character'],
    ['"\\r"', 'U+000D (CR), a control character'],
    ['"\\u202e"', 'U+202E (RLO), a bidirectional control'],
    ['"\\u2066"', 'U+2066 (LRI), a bidirectional control'],
    ['"\\ud800"', 'U+D800, half of a UTF-16 surrogate pair'],
    ['"a\\tb"', 'U+0009 (TAB), which breaks the value into lines'],
    ['"a\\u2028b"', 'U+2028 (LINE SEPARATOR), which breaks the value into lines'],
    ['|\n      two\n      lines', 'U+000A (LF), which breaks the value into lines'],
  ])('refuses %s in a name', async (written, why) => {
    const [line, ...rest] = await errorsOf(`${HEAD}    mchName: ${written}\n`);
    expect(rest).toEqual([]);
    expect(line).toMatch(/^m\.yaml:7:14: merchants\[0\]\.mchName: holds /);
    expect(line).toContain(why);
  });

  it('lets tabs and line breaks into multi-line text, never a control character', async () => {
    const text = `${HEAD}    mchName: Shop\n    receiptInfo: |\n      Thank you!\n      Opening hours:\tMon-Fri\n    contactAddress: "1 Main St\\nSpringfield"\n    additionalData:\n      note: "a\\tb\\nc"\n`;
    expect(await errorsOf(text)).toEqual([]);
    expect(await errorsOf(`${text}    receiptLogo: "iVBOR\\e"\n`)).toEqual([
      `m.yaml:14:18: merchants[0].receiptLogo: holds U+001B (ESC), a control character ${CONTROL}, at character 6`,
    ]);
    expect(await errorsOf(`${HEAD}    mchName: Shop\n    additionalData:\n      "a\\tkey": 1\n`)).toEqual([
      `m.yaml:9:7: merchants[0].additionalData["a\\tkey"]: key holds U+0009 (TAB), which breaks the value into lines, at character 2`,
    ]);
  });

  it('refuses a key with a control character, at the key, and shows it as an escape', async () => {
    const lines = await errorsOf(`${HEAD}    mchName: Shop\n    additionalData:\n      "x\\e[31m": 1\n`);
    expect(lines).toEqual([
      `m.yaml:9:7: merchants[0].additionalData["x\\u001b[31m"]: key holds U+001B (ESC), a control character ${CONTROL}, at character 2`,
    ]);
    for (const line of lines) expect(line).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });

  it('does not describe the value a second time in the words of the model', async () => {
    // contactEmail fails its pattern too (a newline is whitespace), and mcc its four digits.
    expect(await errorsOf(`${HEAD.replace('jane@shop.example', '"jane@shop.example\\n"')}    mchName: Shop\n    mcc: "58\\e4"\n`)).toEqual([
      `m.yaml:6:19: merchants[0].contactEmail: holds U+000A (LF), which breaks the value into lines, at character 18; ${LINES}`,
      `m.yaml:8:10: merchants[0].mcc: holds U+001B (ESC), a control character ${CONTROL}, at character 3; ${LINES}`,
    ]);
  });

  it('shows every character of a quoted key that could act on a terminal as an escape, in the model\'s messages too', async () => {
    // An unknown key is quoted back by the model; JSON quoting alone would leave the C1 CSI raw.
    const lines = await errorsOf(`${HEAD}    mchName: Shop\n    "mch\\x9bName": x\n`);
    expect(lines).toEqual([
      `m.yaml:8:5: merchants[0]["mch\\u009bName"]: key holds U+009B (CSI), a control character ${CONTROL}, at character 4`,
      'm.yaml:8:5: merchants[0]["mch\\u009bName"]: unknown key "mch\\u009bName" (did you mean "mchName"?)',
    ]);
    expect(printable('a\x1b[2Kb\x9b1A\u202ec\nd\te')).toBe('a\\u001b[2Kb\\u009b1A\\u202ec\nd\\u0009e');
  });
});

describe('characters written raw in the file', () => {
  it('refuses raw control and bidirectional characters anywhere, comments included, at the character', async () => {
    expect(await errorsOf(`${HEAD}    mchName: Caf\u00e9\u001b[2K\n    # approved \u202e\n`)).toEqual([
      `m.yaml:7:18: the file holds U+001B (ESC), a control character ${CONTROL}; manifests are plain text`,
      'm.yaml:8:16: the file holds U+202E (RLO), a bidirectional control that shows text in another order than it is stored ("Trojan Source"); manifests are plain text',
    ]);
  });

  it('points at a raw NUL inside a value', async () => {
    const text = `${HEAD}    mchName: x\u0000y\n`;
    expect(await errorsOf(text)).toEqual([`m.yaml:7:15: the file holds U+0000 (NUL), a control character ${CONTROL}; manifests are plain text`]);
  });

  it('keeps CRLF line ends and tabs, which are YAML whitespace', async () => {
    expect(await errorsOf(`${HEAD}    mchName: Shop\t# a tab before the comment\n`.replace(/\n/g, '\r\n'))).toEqual([]);
  });
});

describe('characters from environment variables', () => {
  it('names the variable and the place, never the value', async () => {
    const secret = 's3cr\u001bt';
    const lines = await errorsOf(`${HEAD}    mchName: Shop\n    passcode: \${SHOP_PASSCODE}\n    contactPhone: "+1 \${PHONE_PREFIX}-\${PHONE}"\n`, {
      SHOP_PASSCODE: secret,
      PHONE_PREFIX: '555',
      PHONE: '12\u202e34',
    });
    expect(lines).toEqual([
      `m.yaml:8:15: merchants[0].passcode: environment variable SHOP_PASSCODE holds U+001B (ESC), a control character ${CONTROL}; ${LINES}`,
      `m.yaml:9:19: merchants[0].contactPhone: environment variable PHONE holds U+202E (RLO), a bidirectional control that shows text in another order than it is stored ("Trojan Source"); ${LINES}`,
    ]);
    for (const line of lines) expect(line).not.toContain('s3cr');
  });

  it('lets a multi-line variable into multi-line text', async () => {
    expect(await errorsOf(`${HEAD}    mchName: Shop\n    receiptInfo: \${RECEIPT}\n`, { RECEIPT: 'line 1\nline 2' })).toEqual([]);
    expect(await errorsOf(`${HEAD}    mchName: \${NAME}\n`, { NAME: 'line 1\nline 2' })).toEqual([
      `m.yaml:7:14: merchants[0].mchName: environment variable NAME holds U+000A (LF), which breaks the value into lines; ${LINES}`,
    ]);
  });
});

describe('timeZone', () => {
  it.each(['Europe/Paris', 'UTC', 'Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'US/Pacific', 'Etc/UTC', 'GMT0', 'EST5EDT', ''])('accepts %j', async (zone) => {
    expect(await errorsOf(`${HEAD}    mchName: Shop\n    timeZone: "${zone}"\n`)).toEqual([]);
  });

  it.each([
    ['Europe/Pariss', ' (did you mean "Europe/Paris"?)'],
    ['Mars/Olympus_Mons', ''],
    ['+05:00', ''],
    ['europe/paris', '; write it "Europe/Paris"'],
    ['utc', '; write it "UTC"'],
    // Links resolve to another name, so their case is judged by how IANA writes names.
    ['us/pacific', '; write it "America/Los_Angeles"'],
    ['asia/kolkata', '; write it "Asia/Calcutta"'],
    ['ASIA/KOLKATA', '; write it "Asia/Calcutta"'],
  ])('refuses %j offline', async (zone, hint) => {
    expect(await errorsOf(`${HEAD}    mchName: Shop\n    timeZone: "${zone}"\n`)).toEqual([
      `m.yaml:8:15: merchants[0].timeZone: "${zone}" is not an IANA time zone name such as Europe/Paris or UTC${hint}`,
    ]);
  });
});

describe('paycfg validate', () => {
  it('exits 1 on a merchant name with NUL and ESC, and writes neither to the terminal', async () => {
    await writeFile(path.join(dir, 'v.yaml'), `${HEAD}    mchName: "Shop\\0\\e[2K"\n`);
    const io = captureIo({ cwd: dir, env: {} });
    expect(await main(['validate', '-f', 'v.yaml'], io)).toBe(1);
    expect(io.err()).toContain('v.yaml:7:14: merchants[0].mchName: holds U+0000 (NUL)');
    expect(io.err() + io.out()).not.toMatch(/[\x00\x1b]/);
  });
});

describe('refusedCharacter', () => {
  it('allows the bidirectional marks that right-to-left names need, and characters outside the BMP', () => {
    for (const text of ['\u200fمقهى\u200f', 'שלום\u200e', 'emoji \u{1f600}', 'Café Müller', '日本']) expect(refusedCharacter(text, false), text).toBeUndefined();
  });
});
