import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

const full = {
  S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
  S3_BUCKET: 'sahay-files',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret/example+key',
};

describe('S3 configuration', () => {
  it('keeps files in the database when no S3 variable is set (empty counts as unset)', () => {
    expect(loadConfig({}).files).toEqual({ kind: 'db' });
    expect(loadConfig({ S3_ENDPOINT: '', S3_BUCKET: '', S3_REGION: '' }).files).toEqual({ kind: 'db' });
  });

  it('uses object storage when all four are set, with region and path style defaults', () => {
    expect(loadConfig(full).files).toEqual({
      kind: 's3',
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      bucket: 'sahay-files',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/example+key',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...full, S3_REGION: 'ap-south-1', S3_FORCE_PATH_STYLE: 'true' }).files).toMatchObject({ region: 'ap-south-1', forcePathStyle: true });
  });

  it.each([
    ['S3_ENDPOINT', { ...full, S3_ENDPOINT: undefined }],
    ['S3_BUCKET', { ...full, S3_BUCKET: '' }],
    ['S3_ACCESS_KEY_ID', { ...full, S3_ACCESS_KEY_ID: undefined }],
    ['S3_SECRET_ACCESS_KEY', { ...full, S3_SECRET_ACCESS_KEY: undefined }],
  ])('stops the start and names %s when it is missing from a partial set', (missing, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^  ${missing}: required when`, 'm'));
    // Only the missing one is named as missing.
    const message = (() => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message.match(/: required when/g)).toHaveLength(1);
  });

  it('refuses a region or path style alone, naming every variable that is missing', () => {
    expect(() => loadConfig({ S3_REGION: 'ap-south-1' })).toThrow(/S3_ENDPOINT: required when S3_REGION is set[\s\S]*S3_BUCKET:[\s\S]*S3_ACCESS_KEY_ID:[\s\S]*S3_SECRET_ACCESS_KEY:/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'true', S3_BUCKET: 'b-1' })).toThrow(/S3_ENDPOINT: required when S3_BUCKET, S3_FORCE_PATH_STYLE are set/);
  });

  it.each([
    ['S3_ENDPOINT', { ...full, S3_ENDPOINT: 'ftp://files.example' }],
    ['S3_ENDPOINT', { ...full, S3_ENDPOINT: 'not a url' }],
    ['S3_BUCKET', { ...full, S3_BUCKET: 'Has_Capitals' }],
    ['S3_BUCKET', { ...full, S3_BUCKET: 'ab' }],
    ['S3_REGION', { ...full, S3_REGION: 'Mumbai region' }],
    ['S3_FORCE_PATH_STYLE', { ...full, S3_FORCE_PATH_STYLE: 'yes' }],
  ])('names %s when its value is wrong', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
