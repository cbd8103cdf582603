// Minimal typings for the official `docusign-esign` SDK (v10 ships none; @types/docusign-esign describes v5):
// only what adapters/esign/docusign.ts calls, as the SDK's sources in node_modules define them.
declare module 'docusign-esign' {
  export class ApiClient {
    constructor(options?: { basePath?: string });
    setBasePath(basePath: string): void;
    setOAuthBasePath(oAuthBasePath: string): void;
    addDefaultHeader(name: string, value: string): void;
    requestJWTUserToken(
      clientId: string,
      userId: string,
      scopes: string[],
      rsaPrivateKey: string | Buffer,
      expiresIn: number,
    ): Promise<{ body: { access_token: string; expires_in: number; token_type?: string } }>;
  }

  export interface TextCustomField {
    name?: string;
    value?: string;
    show?: string;
    required?: string;
  }
  export interface Signer {
    email?: string;
    name?: string;
    recipientId?: string;
    routingOrder?: string;
    clientUserId?: string;
    status?: string;
    signedDateTime?: string;
    tabs?: Record<string, unknown>;
  }
  export interface Envelope {
    envelopeId?: string;
    status?: string;
    customFields?: { textCustomFields?: TextCustomField[] };
    recipients?: { signers?: Signer[] };
  }
  export interface EnvelopeDefinition {
    emailSubject?: string;
    status?: string;
    documents?: {
      documentBase64?: string;
      documentId?: string;
      fileExtension?: string;
      name?: string;
    }[];
    recipients?: { signers?: Signer[] };
    customFields?: { textCustomFields?: TextCustomField[] };
    eventNotification?: Record<string, unknown>;
  }
  export interface RecipientViewRequest {
    authenticationMethod?: string;
    clientUserId?: string;
    email?: string;
    userName?: string;
    returnUrl?: string;
    recipientId?: string;
  }

  export class EnvelopesApi {
    constructor(apiClient?: ApiClient);
    createEnvelope(
      accountId: string,
      opts: { envelopeDefinition: EnvelopeDefinition },
    ): Promise<{ envelopeId?: string; status?: string }>;
    getEnvelope(accountId: string, envelopeId: string, opts?: { include?: string }): Promise<Envelope>;
    createRecipientView(
      accountId: string,
      envelopeId: string,
      opts: { recipientViewRequest: RecipientViewRequest },
    ): Promise<{ url?: string }>;
    update(
      accountId: string,
      envelopeId: string,
      opts: { envelope: { status?: string; voidedReason?: string } },
    ): Promise<unknown>;
  }

  /** Node's ESM import of this CommonJS (UMD) package: the default export is module.exports. */
  const sdk: { ApiClient: typeof ApiClient; EnvelopesApi: typeof EnvelopesApi };
  export default sdk;
}
