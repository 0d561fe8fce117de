// An OAuth client provider for MCP tests (the SDK's OAuthClientProvider, kept in memory): it records every
// authorization it was asked to start instead of leaving the page, as a page's provider would before redirecting.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** Options of `new TestAuthProvider()`. */
export interface TestAuthProviderOptions {
  /** Client information known in advance (skips dynamic registration); default none. */
  clientInformation?: OAuthClientInformationMixed;
  /** What "sending the person to the authorization server" does: default nothing (the URL is recorded). */
  onRedirect?: (authorizationUrl: URL) => void | Promise<void>;
  /** A Client ID Metadata Document URL, used as the client id where the server supports it; default none. */
  clientMetadataUrl?: string;
}

export class TestAuthProvider implements OAuthClientProvider {
  /** Every authorization URL the SDK sent the person to, in order. */
  readonly redirects: URL[] = [];
  #clientInformation: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #codeVerifier: string | undefined;
  readonly #onRedirect: TestAuthProviderOptions['onRedirect'];
  readonly clientMetadataUrl: string | undefined;

  constructor(options: TestAuthProviderOptions = {}) {
    this.#clientInformation = options.clientInformation;
    this.#onRedirect = options.onRedirect;
    this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return 'http://localhost:3000/callback';
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'ag-ui-lit tests', redirect_uris: [this.redirectUrl] };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#clientInformation;
  }

  saveClientInformation(clientInformation: OAuthClientInformationMixed): void {
    this.#clientInformation = clientInformation;
  }

  tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.redirects.push(authorizationUrl);
    await this.#onRedirect?.(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#codeVerifier === undefined) throw new Error('No code verifier saved');
    return this.#codeVerifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
    if (scope === 'all' || scope === 'client') this.#clientInformation = undefined;
    if (scope === 'all' || scope === 'verifier') this.#codeVerifier = undefined;
  }
}
