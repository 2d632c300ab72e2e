import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';

describe('GET /api/site/', () => {
  it('answers the configured contact details and upload limit', async () => {
    const t = await buildTestApp({
      env: {
        SUPPORT_EMAIL: 'help@school.example',
        SUPPORT_PHONE: '+44 20 7946 0000',
        MAX_UPLOAD_MB: '25',
      },
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/site/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      support_email: 'help@school.example',
      support_phone: '+44 20 7946 0000',
      business_hours: 'Mon-Fri 9 AM - 5 PM',
      max_upload_mb: 25,
    });
    await t.app.close();
  });
});
