import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBaseUrl, isLoopbackHost, resolveClientConfig } from '../../src/api/config.js';
import { createApiClient } from '../../src/api/index.js';
import { createClientFromFlags } from '../../src/cli/client-options.js';
import { captureIo } from '../../src/cli/io.js';
import { ConfigError } from '../../src/errors.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.config-test-token.c2lnbmF0dXJl';
const dir = mkdtempSync(join(tmpdir(), 'paycfg-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tokenFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loopback rule', () => {
  it.each(['localhost', '127.0.0.1', '127.10.0.3', '[::1]', '::1', '[::ffff:7f00:1]', 'LOCALHOST'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['example.com', '10.0.0.1', '128.0.0.1', '[::2]', 'localhost.example.com', '0.0.0.0'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('accepts https anywhere and http to loopback', () => {
    expect(checkBaseUrl('https://api.example.com/', false)).toBe('https://api.example.com');
    expect(checkBaseUrl('http://127.0.0.1:4010', false)).toBe('http://127.0.0.1:4010');
    expect(checkBaseUrl('http://localhost:4010/', false)).toBe('http://localhost:4010');
    expect(checkBaseUrl('http://[::1]:4010', false)).toBe('http://[::1]:4010');
  });

  it('keeps a path prefix', () => {
    expect(checkBaseUrl('https://gw.example.com/pay/', false)).toBe('https://gw.example.com/pay');
  });

  it('refuses plain http to another host unless allowed', () => {
    const error = configError(() => checkBaseUrl('http://api.example.com', false));
    expect(error.message).toContain('--insecure-http');
    expect(error.message).toContain('api.example.com');
    expect(checkBaseUrl('http://api.example.com', true)).toBe('http://api.example.com');
  });

  it('refuses other schemes, credentials in the URL, queries and garbage', () => {
    expect(configError(() => checkBaseUrl('ftp://example.com', false)).message).toContain('https://');
    expect(configError(() => checkBaseUrl('https://user:pw@example.com', false)).message).toContain('user name or password');
    expect(configError(() => checkBaseUrl('https://example.com/?x=1', false)).message).toContain('query');
    expect(configError(() => checkBaseUrl('not a url', false)).message).toContain('not a valid URL');
  });

  it('says what was meant for a URL without its scheme, or with an API path paycfg adds itself', () => {
    expect(configError(() => checkBaseUrl('127.0.0.1:8080', false)).message).toBe('base URL "127.0.0.1:8080" has no scheme; did you mean http://127.0.0.1:8080?');
    expect(configError(() => checkBaseUrl('[::1]:8080', false)).message).toContain('did you mean http://[::1]:8080?');
    expect(configError(() => checkBaseUrl('api.example.com/pbo', false)).message).toContain('did you mean https://api.example.com/pbo?');
    expect(configError(() => checkBaseUrl('http://127.0.0.1:8080/api/openapi/v1', false)).message).toBe(
      'base URL "http://127.0.0.1:8080/api/openapi/v1" ends with /api/openapi/v1, which paycfg adds itself; did you mean http://127.0.0.1:8080?',
    );
    expect(configError(() => checkBaseUrl('https://x.example/prefix/api/v2/', false)).message).toContain('did you mean https://x.example/prefix?');
    expect(checkBaseUrl('https://x.example/api', false)).toBe('https://x.example/api');
  });

  it('is enforced by createApiClient too', () => {
    configError(() => createApiClient({ baseUrl: 'http://10.1.2.3:8080', token: TOKEN }));
    const client = createApiClient({ baseUrl: 'http://10.1.2.3:8080', token: TOKEN, allowInsecureHttp: true });
    expect(client.baseUrl).toBe('http://10.1.2.3:8080');
    return client.close();
  });
});

describe('base URL and token resolution', () => {
  it('takes both from the environment', () => {
    const config = resolveClientConfig({ env: { PAYCFG_BASE_URL: 'https://a.example', PAYCFG_TOKEN: TOKEN }, cwd: dir });
    expect(config).toMatchObject({ baseUrl: 'https://a.example', baseUrlSource: 'env', tokenSource: 'env' });
    expect(config.token).toBe(TOKEN);
  });

  it('keeps the token out of a logged or serialised config', () => {
    const config = resolveClientConfig({ env: { PAYCFG_BASE_URL: 'https://a.example', PAYCFG_TOKEN: TOKEN }, cwd: dir });
    expect(JSON.stringify(config)).not.toContain(TOKEN);
    expect(inspect(config)).not.toContain(TOKEN);
    expect({ ...config }).not.toHaveProperty('token');
  });

  it('lets --base-url win over PAYCFG_BASE_URL', () => {
    const config = resolveClientConfig({
      baseUrl: 'https://flag.example',
      env: { PAYCFG_BASE_URL: 'https://env.example', PAYCFG_TOKEN: TOKEN },
      cwd: dir,
    });
    expect(config.baseUrl).toBe('https://flag.example');
    expect(config.baseUrlSource).toBe('flag');
  });

  it('lets --token-file win over PAYCFG_TOKEN, trimming the trailing newline', () => {
    const file = tokenFile('token.txt', `${TOKEN}-from-file\n`);
    const config = resolveClientConfig({ baseUrl: 'https://a.example', tokenFile: file, env: { PAYCFG_TOKEN: TOKEN }, cwd: dir });
    expect(config.token).toBe(`${TOKEN}-from-file`);
    expect(config.tokenSource).toBe('file');
  });

  it('resolves a relative token file against cwd and accepts a pasted "Bearer " prefix', () => {
    tokenFile('relative.txt', `Bearer ${TOKEN}\r\n`);
    const config = resolveClientConfig({ baseUrl: 'https://a.example', tokenFile: 'relative.txt', env: {}, cwd: dir });
    expect(config.token).toBe(TOKEN);
  });

  it('says exactly what to set when the base URL is missing', () => {
    const error = configError(() => resolveClientConfig({ env: { PAYCFG_TOKEN: TOKEN }, cwd: dir }));
    expect(error.message).toContain('--base-url');
    expect(error.message).toContain('PAYCFG_BASE_URL');
    expect(error.message).toContain('paycfg sim');
  });

  it('says exactly what to set when the token is missing or blank', () => {
    for (const env of [{}, { PAYCFG_TOKEN: '  ' }]) {
      const error = configError(() => resolveClientConfig({ baseUrl: 'http://127.0.0.1:1', env, cwd: dir }));
      expect(error.message).toContain('PAYCFG_TOKEN');
      expect(error.message).toContain('--token-file');
      expect(error.message).toContain('paycfg sim token');
    }
  });

  it('names an unreadable token file without guessing its content', () => {
    const missing = join(dir, 'nope.txt');
    const error = configError(() => resolveClientConfig({ baseUrl: 'https://a.example', tokenFile: missing, env: {}, cwd: dir }));
    expect(error.message).toContain(missing);
    expect(error.message).toContain('ENOENT');
  });

  it.runIf(process.getuid?.() !== 0)('reports a token file without read permission', () => {
    const file = tokenFile('locked.txt', TOKEN);
    chmodSync(file, 0o000);
    const error = configError(() => resolveClientConfig({ baseUrl: 'https://a.example', tokenFile: file, env: {}, cwd: dir }));
    expect(error.message).toContain('EACCES');
  });

  it('refuses an empty token file and a token with inner whitespace, without echoing it', () => {
    const empty = tokenFile('empty.txt', '\n');
    expect(configError(() => resolveClientConfig({ baseUrl: 'https://a.example', tokenFile: empty, env: {}, cwd: dir })).message).toContain(
      'empty',
    );
    const twoLines = tokenFile('two.txt', `${TOKEN}\n${TOKEN}\n`);
    const error = configError(() => resolveClientConfig({ baseUrl: 'https://a.example', tokenFile: twoLines, env: {}, cwd: dir }));
    expect(error.message).toContain('line breaks');
    expect(error.message).not.toContain(TOKEN);
  });

  it('applies the loopback rule to the resolved URL, with --insecure-http as the way out', () => {
    const env = { PAYCFG_BASE_URL: 'http://pay.internal:8080', PAYCFG_TOKEN: TOKEN };
    configError(() => resolveClientConfig({ env, cwd: dir }));
    expect(resolveClientConfig({ env, cwd: dir, insecureHttp: true }).allowInsecureHttp).toBe(true);
  });
});

describe('createClientFromFlags', () => {
  it('builds a client from io.env and the flags', async () => {
    const io = captureIo({ env: { PAYCFG_BASE_URL: 'http://127.0.0.1:9', PAYCFG_TOKEN: TOKEN }, cwd: dir });
    const client = createClientFromFlags({ 'base-url': 'http://localhost:9' }, io, { maxInFlight: 2 });
    expect(client.baseUrl).toBe('http://localhost:9');
    await client.close();
  });

  it('raises ConfigError when nothing is configured', () => {
    const io = captureIo({ env: {}, cwd: dir });
    const error = configError(() => createClientFromFlags({}, io));
    expect(error.message).toContain('PAYCFG_BASE_URL');
  });
});
