/**
 * A small manifest written as text, for tests that build a group through the CLI: one EMV config,
 * one card profile, merchants bound to it and, when asked, one terminal each.
 */
export const EMV_AND_PROFILE = `version: 1
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010 }
acquirerProfiles:
  - profileName: host-a
    acqType: card
    currency: USD
    connMessageFormat: HOSTA_8583
    enablerParams: [tid]
    methods:
      "01": { emvs: [visa-usd] }
`;

export const merchant = (ref: string, name: string, devices = '') => `
  - providerReference: ${ref}
    mchName: ${name}
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@${ref}.example
    bindings:
      - acquirer: host-a
        currency: USD
        methods:
          "01": { emvs: [visa-usd] }${devices}`;

export const till = (alias: string, name: string, admin = '${TILL_SECRET}') => `
    devices:
      - deviceAlias: ${alias}
        deviceName: ${name}
        methods: ["01"]
        acquirerFields:
          host-a: { tid: "00001" }
        deviceAdmin: ${admin}`;
