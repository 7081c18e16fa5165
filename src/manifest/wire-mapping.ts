/**
 * What each manifest field becomes in the service's requests, for docs/manifest-reference.md. Sections are
 * named by the JSON Schema definition ids (plus `Manifest` for the top level). The bodies themselves
 * are built in apply/wire-bodies.ts; test/manifest/manifest-docs.test.ts builds them from a manifest
 * that sets every field and checks each `sentAs` path against them, and checks that every field of
 * the model has an entry here and no more.
 */

export interface FieldOnTheWire {
  /**
   * Dotted paths into the create request's body that carry the value; `<id>` stands for any key.
   * Empty when the value is not a field of that body.
   */
  readonly sentAs: readonly string[];
  /** The mapping in words (markdown). */
  readonly text: string;
}

export interface SectionOnTheWire {
  /** Where the section's values go: the requests, or the enclosing body. */
  readonly requests: string;
  readonly fields: Readonly<Record<string, FieldOnTheWire>>;
}

const same = (name: string, extra = ''): FieldOnTheWire => ({ sentAs: [name], text: `\`${name}\`${extra}` });
const notSent = (text: string): FieldOnTheWire => ({ sentAs: [], text });

export const MANIFEST_ON_THE_WIRE = {
  Manifest: {
    requests: 'None of its own: each list below is sent entry by entry.',
    fields: {
      version: notSent('Not sent: the format of the manifest file.'),
      group: notSent("Not sent: compared with the token's group (`GET /api/v2/current`) before anything else is read."),
      prune: notSent('Not sent: decides which deletions the plan holds.'),
      protect: notSent('Not sent: a delete or replacement of a live record it matches is blocked in the plan, and apply never sends it.'),
      moved: notSent("Not sent as such: each move makes its record's update carry the new key (below)."),
      safety: notSent('Not sent: limits checked on the plan before any write.'),
      emvConfigs: notSent('One EMV config record each (below).'),
      acquirerProfiles: notSent('One acquirer profile record each (below).'),
      merchants: notSent('One merchant record each, with its payment config and terminals (below).'),
    },
  },
  Moved: {
    requests: "None of its own: the moved record's update sends its new key, in the PUT of its kind.",
    fields: {
      from: notSent("Not sent: the live record at this address is the one renamed (its id is what the PUT names)."),
      to: notSent(
        "The new key: a profile's `profileName` in `PUT /acquirer/{profileId}`, a merchant's `providerReference` in its full-replace " +
          '`PUT /mchInfo/{mchId}`, a device\'s `deviceAlias` in `PUT /device/{deviceId}`.',
      ),
    },
  },
  Safety: {
    requests: 'None: checked on the plan before any write.',
    fields: {
      maxDeletes: notSent('Not sent: plan and apply refuse a plan with more deletes, before any write.'),
      maxAffectedTerminals: notSent('Not sent: plan and apply refuse a plan with a change that reaches more terminals, before any write.'),
    },
  },
  PrunePolicy: {
    requests: 'None of its own: it adds deletions to the plan.',
    fields: {
      emvConfigs: notSent('`DELETE /emv/{emvId}` for each live EMV config the manifest does not list.'),
      acquirerProfiles: notSent('`DELETE /acquirer/{profileId}` for each live profile the manifest does not list.'),
      merchants: notSent('`DELETE /mchInfo/{mchId}` for each live merchant the manifest does not list.'),
      activatedDevices: notSent(
        '`DELETE /device/{deviceId}` with `deviceStatus` 2 (logout) or 3 (decommission) for each activated terminal the manifest does not list.',
      ),
    },
  },
  EmvConfig: {
    requests: '`POST /emv`, `PUT /emv/{emvId}`',
    fields: {
      emvName: same('emvName'),
      paymentMethod: same('paymentMethod', ', as a two-digit code (`1` is sent as `"01"`)'),
      currency: same('currency'),
      params: same('params', ', a JSON-encoded string; each value keeps its type'),
    },
  },
  AcquirerProfile: {
    requests: '`POST /acquirer`, `PUT /acquirer/{profileId}` (partial: only what changes)',
    fields: {
      profileName: same('profileName'),
      acqType: same('acqType', ' (on create only)'),
      currency: same('currency', ' (on create only)'),
      connMessageFormat: same('connMessageFormat'),
      connUrl: same('connUrl'),
      notifyUrl: same('notifyUrl'),
      connExtraParams: same('connExtraParams', ', a JSON-encoded string'),
      enablerMsgFormat: same('enablerMsgFormat'),
      enablerParams: same('enablerParams', ', the names joined with commas'),
      asDefault: same('asDefault'),
      asSettleBlock: same('asSettleBlock'),
      methods: {
        sentAs: ['methodList', 'emvList'],
        text: '`methodList` (JSON string: code → `allows`) and `emvList` (JSON string: code → EMV config ids)',
      },
    },
  },
  MethodEntry: {
    requests: "Inside a profile's `methodList`/`emvList`, or a binding's `paymentMethods`, under the method's two-digit code.",
    fields: {
      emvs: notSent("Profile: `emvList[code]`, the EMV configs' ids. Binding: `paymentMethods[].emvs[].emvId`."),
      allows: notSent('Profile: `methodList[code]`. Binding: `paymentMethods[].allows`. Absent: an empty list.'),
    },
  },
  Merchant: {
    requests: '`POST /mchInfo`, `PUT /mchInfo/{mchId}` (a full replace: fields the manifest leaves out are sent with their live values)',
    fields: {
      providerReference: same('providerReference'),
      mchName: same('mchName'),
      currency: same('currency'),
      contactName: same('contactName'),
      contactEmail: same('contactEmail'),
      mcc: same('mcc'),
      region: same('region'),
      timeZone: same('timeZone'),
      country: same('country'),
      transType: same('transType'),
      contactPhone: same('contactPhone'),
      contactAddress: same('contactAddress'),
      receiptLogo: same('receiptLogo', '; uploaded content also sets its SHA-256 in `additionalData`'),
      receiptInfo: same('receiptInfo'),
      state: same('state'),
      passcode: same('passcode'),
      mdr: same('mdr'),
      merchantType: same('merchantType'),
      additionalData: same('additionalData', ", an object, with paycfg's receipt logo fingerprint kept in it"),
      bindings: notSent('Not in the merchant body: the merchant payment config, `/mchInfo/payment/{mchId}` (below).'),
      devices: notSent("Not in the merchant body: `/device` requests carrying the merchant's `mchId` (below)."),
    },
  },
  Binding: {
    requests: '`POST /mchInfo/payment/{mchId}`, `PUT /mchInfo/payment/{mchId}`',
    fields: {
      acquirer: { sentAs: ['acquirerProfileId'], text: "`acquirerProfileId`, the named profile's id" },
      currency: same('currency'),
      mid: same('mid', '; absent, the live `mid` is sent again'),
      methods: {
        sentAs: ['paymentMethods'],
        text: '`paymentMethods`: a list of `{paymentMethodCode, allows, emvs: [{emvId}]}`',
      },
    },
  },
  Device: {
    requests: '`POST /device` (with the merchant\'s `mchId`), `PUT /device/{deviceId}` (only what changes)',
    fields: {
      deviceAlias: same('deviceAlias'),
      deviceName: same('deviceName'),
      deviceType: same('deviceType'),
      operatingMode: same('operatingMode'),
      methods: same('methodList', ', the two-digit codes joined with commas'),
      deviceAdmin: same('deviceAdmin'),
      acquirerFields: {
        sentAs: ['extParams.acquirers.<id>'],
        text: "`extParams.acquirers.<profileId>`, keyed by the profile's id; an update keeps the other keys of the live `extParams`",
      },
      emvParams: same('emvParams', ', an object on create, a JSON-encoded string on update'),
    },
  },
  DeviceEmvParams: {
    requests: "Inside the device's `emvParams`.",
    fields: Object.fromEntries(
      [
        'netDFloorLimit',
        'terminalCountryCode',
        'txnCurrencyCode',
        'netDExReaderCapability',
        'netDReaderCapability',
        'terminalType',
        'terminalCapability',
        'emvFlags',
      ].map((name) => [name, { sentAs: [`emvParams.${name}`], text: `\`emvParams.${name}\`` }]),
    ),
  },
} as const satisfies Readonly<Record<string, SectionOnTheWire>>;

export type WireSection = keyof typeof MANIFEST_ON_THE_WIRE;
