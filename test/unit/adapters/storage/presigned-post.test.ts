import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { createS3ImageStore } from '../../../../functions/adapters/storage/s3-image-store';
import {
  decodePolicy,
  policySignature,
  presignPost,
} from '../../../../functions/adapters/storage/presigned-post';

const credentials = {
  accessKeyId: 'AKIAEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const NOW = new Date('2026-11-23T01:02:03.456Z');

describe('presigned POST', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['long-term keys', credentials],
    ['a session (Lambda role)', { ...credentials, sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE' }],
  ])('signs exactly what @aws-sdk/s3-presigned-post signs, with %s', async (_label, creds) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const client = new S3Client({ region: 'ap-northeast-1', credentials: creds });
    const conditions: ['content-length-range', number, number][] = [['content-length-range', 1, 123456]];
    const expected = await createPresignedPost(client, {
      Bucket: 'images-bucket',
      Key: 'uploads/host-1/abc',
      Conditions: conditions,
      Fields: { 'Content-Type': 'image/jpeg' },
      Expires: 600,
    });
    const ours = presignPost({
      bucket: 'images-bucket',
      key: 'uploads/host-1/abc',
      region: 'ap-northeast-1',
      credentials: creds,
      conditions,
      fields: { 'Content-Type': 'image/jpeg' },
      expiresInSeconds: 600,
      now: NOW,
    });
    expect(ours.fields).toEqual(expected.fields);
    client.destroy();
  });

  it('limits an upload to the host prefix, the declared type and size, and ten minutes', async () => {
    const s3 = new S3Client({ region: 'ap-northeast-1', credentials });
    const store = createS3ImageStore({
      s3,
      bucket: 'images-bucket',
      publicPrefix: 'images/',
      uploadUrl: 'https://example.com/uploads',
      newId: () => '0b7c1b7e-2f0e-4c55-8d5b-0d2b6d0f9a11',
      now: () => NOW,
    });
    const upload = await store.createUpload({
      hostId: 'host-1',
      purpose: 'experience-image',
      contentType: 'image/jpeg',
      size: 3_500_000,
    });
    expect(upload.key).toBe('uploads/host-1/0b7c1b7e-2f0e-4c55-8d5b-0d2b6d0f9a11');
    expect(upload.url).toBe('https://example.com/uploads');
    expect(upload.fields).toMatchObject({
      key: upload.key,
      'Content-Type': 'image/jpeg',
      bucket: 'images-bucket',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAEXAMPLE/20261123/ap-northeast-1/s3/aws4_request',
      'X-Amz-Date': '20261123T010203Z',
    });
    const policy = decodePolicy(upload.fields.Policy!);
    expect(policy.expiration).toBe('2026-11-23T01:12:03Z');
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 3_500_000],
        { 'Content-Type': 'image/jpeg' },
        { bucket: 'images-bucket' },
        { key: upload.key },
      ]),
    );
    expect(
      policySignature(upload.fields.Policy!, upload.fields['X-Amz-Credential']!, credentials.secretAccessKey),
    ).toBe(upload.fields['X-Amz-Signature']);
    // Another secret, or a changed policy, does not verify.
    expect(policySignature(upload.fields.Policy!, upload.fields['X-Amz-Credential']!, 'other')).not.toBe(
      upload.fields['X-Amz-Signature'],
    );
    s3.destroy();
  });
});
