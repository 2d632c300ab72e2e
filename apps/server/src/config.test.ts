import { availableParallelism } from 'node:os';
import { DEFAULT_RETENTION_DAYS } from '@candor/contract/retention';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { NODE_ENV: 'test' };

describe('TRUST_PROXY', () => {
  it.each(['true', 'yes', 'TRUE'])('refuses %s, explaining why', (value) => {
    let error: unknown;
    try {
      loadConfig({ ...base, TRUST_PROXY: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('X-Forwarded-For');
    expect(message).toMatch(/number of proxies/);
  });

  it('trusts nobody when unset or false', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('accepts a hop count', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('accepts proxy addresses and CIDR ranges', () => {
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it.each(['10.0.0.0/33', 'proxy.internal', '300.1.1.1', '-1', '1.5', '10.0.0.0/8,nonsense'])(
    'refuses %s',
    (value) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe('REQUIRE_STAFF_2FA', () => {
  it('is off unless set, and reads the usual yes and no words', () => {
    expect(loadConfig(base).twoFactor.isRequiredForStaff).toBe(false);
    expect(loadConfig({ ...base, REQUIRE_STAFF_2FA: 'true' }).twoFactor.isRequiredForStaff).toBe(
      true,
    );
    expect(loadConfig({ ...base, REQUIRE_STAFF_2FA: 'no' }).twoFactor.isRequiredForStaff).toBe(
      false,
    );
  });

  it('refuses anything else at start, naming the variable', () => {
    expect(() => loadConfig({ ...base, REQUIRE_STAFF_2FA: 'always' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, REQUIRE_STAFF_2FA: 'always' })).toThrow(/REQUIRE_STAFF_2FA/);
  });
});

describe('RETENTION_DAYS and METRICS_TOKEN', () => {
  it('keeps closed reports 365 days and serves no metrics unless told otherwise', () => {
    const config = loadConfig(base);
    expect(config.retention).toEqual({ days: 365, purgeIntervalMs: 60 * 60_000 });
    // The figure the Privacy Policy states (apps/web/.../privacy-page.test.tsx).
    expect(config.retention.days).toBe(DEFAULT_RETENTION_DAYS);
    expect(config.metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, RETENTION_DAYS: '30' }).retention.days).toBe(30);
  });

  it.each([
    ['RETENTION_DAYS', '0'],
    ['RETENTION_DAYS', '1.5'],
    ['RETENTION_DAYS', 'forever'],
    ['RETENTION_PURGE_INTERVAL_MINUTES', '-1'],
    ['METRICS_TOKEN', 'short'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(name));
  });
});

describe('API_DOCS', () => {
  it('is on unless turned off, in production too', () => {
    expect(loadConfig(base).isApiDocsOn).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).isApiDocsOn).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: 'false' }).isApiDocsOn).toBe(false);
    expect(loadConfig({ ...base, API_DOCS: 'no' }).isApiDocsOn).toBe(false);
    expect(loadConfig({ ...base, API_DOCS: 'true' }).isApiDocsOn).toBe(true);
  });

  it('refuses anything else at start, naming the variable', () => {
    expect(() => loadConfig({ ...base, API_DOCS: 'off' })).toThrow(/API_DOCS/);
  });
});

describe('MEDIA_WORKERS', () => {
  it('is one fewer than the cores by default, and at least one', () => {
    expect(loadConfig(base).uploads.mediaWorkers).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadConfig({ ...base, MEDIA_WORKERS: '' }).uploads.mediaWorkers).toBe(
      Math.max(1, availableParallelism() - 1),
    );
  });

  it('takes a whole number from 1 to 64', () => {
    expect(loadConfig({ ...base, MEDIA_WORKERS: '1' }).uploads.mediaWorkers).toBe(1);
    expect(loadConfig({ ...base, MEDIA_WORKERS: '3' }).uploads.mediaWorkers).toBe(3);
    expect(loadConfig({ ...base, MEDIA_WORKERS: '64' }).uploads.mediaWorkers).toBe(64);
  });

  it.each(['0', '-1', '1.5', '65', 'two', 'all'])(
    'refuses %s at start, naming the variable',
    (value) => {
      expect(() => loadConfig({ ...base, MEDIA_WORKERS: value })).toThrow(
        /MEDIA_WORKERS: must be a whole number from 1 to 64/,
      );
    },
  );
});
