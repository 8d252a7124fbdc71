import http from 'node:http';
import { SERVICE, sampleAccount } from '../../shared';
import { API_KEY, api, app, appTester, authData, failure, nock, problem } from './support';
import { defaultBaseUrl, zapierAuth } from './connection';

const test = app.authentication.test;
const label = app.authentication.connectionLabel;

describe('connection', () => {
  it('tests the key with GET /v1/account, sending it as a bearer token', async () => {
    const scope = api().get('/v1/account').matchHeader('authorization', `Bearer ${API_KEY}`).reply(200, sampleAccount);
    await expect(appTester(test, { authData })).resolves.toMatchObject({ name: sampleAccount.name });
    expect(scope.isDone()).toBe(true);
  });

  it("leaves node's http module unpatched for whatever else runs in the process", async () => {
    const request = http.request;
    api().get('/v1/account').reply(200, sampleAccount);
    await appTester(test, { authData });
    expect(http.request).toBe(request);
    expect((http as { patchedByZapier?: boolean }).patchedByZapier).toBeUndefined();
  });

  it("uses the deployment's base URL when its environment variable is set (sandbox, private deployment)", async () => {
    const scope = nock('http://127.0.0.1:4010').get('/v1/account').reply(200, sampleAccount);
    await appTester(test, { authData: zapierAuth(API_KEY, 'http://127.0.0.1:4010/v1/') });
    defaultBaseUrl();
    expect(scope.isDone()).toBe(true);
  });

  it('labels the connection with the account name and marks test keys', async () => {
    await expect(appTester(label, { authData, inputData: sampleAccount })).resolves.toBe(
      `${sampleAccount.name} (Test mode)`,
    );
    const live = { api_key: 'ik_live_abc123' };
    await expect(appTester(label, { authData: live, inputData: { ...sampleAccount, livemode: true } })).resolves.toBe(
      sampleAccount.name,
    );
  });

  it('asks to reconnect when the key is refused', async () => {
    api()
      .get('/v1/account')
      .reply(401, problem(401, 'invalid_api_key', 'The API key is not valid.'));
    const error = await failure(appTester(test, { authData }));
    expect(error.name).toBe('ExpiredAuthError');
    expect(error.message).toContain('Reconnect');
    expect(error.message).toContain(SERVICE.apiKeysUrl);
    expect(error.message).not.toContain(API_KEY);
  });

  it('retries after Retry-After when rate limited', async () => {
    api()
      .get('/v1/account')
      .reply(429, problem(429, 'rate_limited', 'Slow down.'), { 'Retry-After': '7' });
    const error = await failure(appTester(test, { authData }));
    expect(error).toMatchObject({ name: 'ThrottledError', delay: 7 });
    expect(error.message).toContain('Try again in 7 s');
  });

  it('says the service is failing and the step can be replayed on a 5xx, even from an HTML page', async () => {
    api()
      .get('/v1/account')
      .reply(503, '<html><head><title>Service Unavailable</title></head><body>down</body></html>', {
        'Content-Type': 'text/html',
      });
    const error = await failure(appTester(test, { authData }));
    expect(error.name).toBe('AppError');
    expect(error.message).toMatch(/failing.*HTTP 503.*Service Unavailable.*can be replayed/);
  });

  it('says the service could not be reached when nothing answers', async () => {
    const error = await failure(appTester(test, { authData: zapierAuth(API_KEY, 'http://127.0.0.1:9') }));
    defaultBaseUrl();
    expect(error.message).toMatch(/Could not reach .*base URL.*replayed/);
  });
});
