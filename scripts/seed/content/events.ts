import type { SeedEvent } from './types.ts';

/**
 * Events relative to a demo "today" of 2026-11-22: five upcoming (to mid-2027), two past and one
 * archived. Times are South African (+02:00); events elsewhere note local time in the description.
 * Registration links use the reserved .example domain.
 */
export const events: SeedEvent[] = [
  {
    title: 'Africa Sustainable Finance Forum 2026',
    eventDate: '2026-12-03T08:30:00+02:00',
    location: 'Sandton Convention Centre, Johannesburg',
    description:
      'A one-day forum for asset owners, banks, issuers and regulators on the state of sustainable finance in South Africa and across the continent. Sessions cover the green finance taxonomy, transition finance, sustainability-linked lending and the pipeline of green, social and sustainability bonds. Closing panel: what the next Just Energy Transition Investment Plan should learn from the first.',
    imageFile: 'event-sustainable-finance-forum-sandton.webp',
    link: 'https://esgafricanews.example/events/africa-sustainable-finance-forum-2026',
  },
  {
    title: 'Webinar: IFRS S2 assurance — what audit committees need to know',
    eventDate: '2027-01-28T11:00:00+02:00',
    location: 'Online',
    description:
      'A 90-minute webinar for audit committee members, chief financial officers and sustainability managers preparing for independent assurance of climate disclosures. Practitioners explain the difference between limited and reasonable assurance, common data gaps in Scope 1, 2 and 3 emissions, and how to build controls that will stand up to an assurance engagement. Free to attend; registration required.',
    imageFile: 'event-webinar-ifrs-s2-assurance.webp',
    link: 'https://esgafricanews.example/events/ifrs-s2-assurance-webinar',
  },
  {
    title: 'Circular Economy and Waste Picker Integration Workshop',
    eventDate: '2027-02-24T09:00:00+02:00',
    location: 'Inkosi Albert Luthuli International Convention Centre, Durban',
    description:
      'A practical workshop bringing together municipal officials, producer responsibility organisations, brand owners and waste picker organisations to share what works in integrating informal collectors into municipal waste systems. Includes a site visit to a buy-back centre and a session on how extended producer responsibility fees can fund collection fairly.',
    imageFile: 'event-circular-economy-durban.webp',
    link: null,
  },
  {
    title: 'Water Security Summit: Cities, Catchments and Climate',
    eventDate: '2027-03-18T08:30:00+02:00',
    location: 'Cape Town International Convention Centre, Cape Town',
    description:
      'Held in the week of World Water Day, this summit examines how South African cities can secure water supply under a changing climate: non-revenue water, groundwater and reuse, catchment restoration and the finance needed to fix municipal infrastructure. Speakers include municipal engineers, researchers, investors and community water activists.',
    imageFile: 'event-water-security-summit-cape-town.webp',
    link: 'https://esgafricanews.example/events/water-security-summit-2027',
  },
  {
    title: 'Africa Climate Finance Week',
    eventDate: '2027-05-11T08:00:00+02:00',
    location: 'Kenyatta International Convention Centre, Nairobi',
    description:
      'Three days of plenaries and deal rooms on mobilising climate finance for Africa, with a focus on local-currency lending, adaptation finance and carbon markets under Article 6 of the Paris Agreement. Opens at 09:00 East Africa Time (08:00 in South Africa). ESG Africa News is a media partner and will host a panel on disclosure and investor expectations.',
    imageFile: 'event-climate-finance-week-nairobi.webp',
    link: 'https://esgafricanews.example/events/africa-climate-finance-week-2027',
  },
  {
    title: 'West Africa Energy Transition Investment Summit',
    eventDate: '2026-10-15T08:00:00+02:00',
    location: 'Eko Hotel and Suites, Lagos',
    description:
      'Investors, utilities and policymakers discussed gas flare commercialisation, distributed solar for businesses and the financing of transmission in West Africa. Opened at 07:00 West Africa Time. Session recordings are available to registered delegates.',
    imageFile: 'event-energy-transition-summit-lagos.webp',
    link: null,
  },
  {
    title: 'ESG Africa News Breakfast Briefing: Carbon Tax Phase Two',
    eventDate: '2026-09-10T07:30:00+02:00',
    location: 'Rosebank, Johannesburg',
    description:
      'A breakfast briefing for finance and sustainability executives on the second phase of South Africa’s carbon tax: the rate trajectory, reduced allowances, offsets and the link to carbon budgets under the Climate Change Act. Hosted by our energy and mining correspondent with a panel of tax and carbon market specialists.',
    imageFile: 'event-breakfast-briefing-carbon-tax.webp',
    link: null,
  },
  {
    title: 'Webinar: King V for first-time reporters',
    eventDate: '2026-07-16T10:00:00+02:00',
    location: 'Online',
    description:
      'An introductory webinar for company secretaries and governance officers at smaller listed and unlisted companies applying the King V Code for the first time. The recording has been withdrawn pending an update.',
    imageFile: null,
    link: null,
    archived: true,
  },
];
