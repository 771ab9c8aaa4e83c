import type { SeedSubmission } from './types.ts';

/** Contact and advertising enquiries in every status. Addresses use reserved example domains. */
export const submissions: SeedSubmission[] = [
  {
    name: 'Themba Khumalo',
    email: 'themba.khumalo@example.com',
    company: null,
    message:
      'Good morning. I am a freelance photographer based in Durban and would like to know whether you accept photo essays on coastal and estuary issues. I have a series on the uMgeni estuary clean-ups from this year.',
    formType: 'contact',
    status: 'new',
    createdAt: '2026-11-22T07:55:00+02:00',
  },
  {
    name: 'Lerato Sibiya',
    email: 'lerato.sibiya@example.org',
    company: null,
    message:
      'Story tip: residents of our ward in Ekurhuleni have been without reliable water for three weeks and the municipality keeps blaming Rand Water. We have a timeline and photos and would be happy to speak to your water reporter.',
    formType: 'contact',
    status: 'new',
    createdAt: '2026-11-21T16:20:00+02:00',
  },
  {
    name: 'Pieter Swanepoel',
    email: 'pieter@karoosolar.example.com',
    company: 'Karoo Solar Partners',
    message:
      'We are an independent power producer developing solar-plus-storage projects in the Northern Cape and would like to discuss a sponsored content series and display advertising in Q1 2027. Please send your media kit and rates.',
    formType: 'advertise',
    status: 'new',
    createdAt: '2026-11-20T10:05:00+02:00',
  },
  {
    name: 'Johan van der Merwe',
    email: 'johan.vdm@example.net',
    company: null,
    message:
      'May I republish your article on biodiversity offsets in our farmers’ association newsletter, with full credit and a link? It is a print newsletter of about 400 copies.',
    formType: 'contact',
    status: 'read',
    createdAt: '2026-11-12T13:40:00+02:00',
  },
  {
    name: 'Thuli Mabaso',
    email: 'thuli.mabaso@ubuntuimpact.example.com',
    company: 'Ubuntu Impact Capital',
    message:
      'We are interested in sponsoring your weekly newsletter for three months to coincide with the launch of our infrastructure impact fund. Could you share subscriber numbers, open rates and your policy on sponsored placements?',
    formType: 'advertise',
    status: 'read',
    createdAt: '2026-11-05T09:15:00+02:00',
  },
  {
    name: 'Dr Emeka Nwosu',
    email: 'e.nwosu@deltaenergy.example.org',
    company: 'Delta Energy Research Network',
    message:
      'Thank you for the article on gas flaring. It may help readers to know that the penalties are levied per thousand standard cubic feet flared, which makes comparison with other countries easier. Happy to share our latest flare volume analysis if useful for future coverage.',
    formType: 'contact',
    status: 'replied',
    createdAt: '2026-10-22T18:30:00+02:00',
  },
  {
    name: 'Sarah Botha',
    email: 'sarah@greengrid.example.com',
    company: 'GreenGrid Advisory',
    message:
      'We would like to sponsor the Water Security Summit in Cape Town in March and take a stand in the exhibition area. Please advise on sponsorship tiers and whether speaking slots are included.',
    formType: 'advertise',
    status: 'replied',
    createdAt: '2026-10-15T11:00:00+02:00',
  },
  {
    name: 'Anita Pillay',
    email: 'anita.pillay@coastalwater.example.org',
    company: 'Coastal Water Trust',
    message:
      'Could we arrange press accreditation for two of our staff for the Africa Sustainable Finance Forum in December? We are a non-profit and would be covering it for our members’ bulletin.',
    formType: 'contact',
    status: 'replied',
    createdAt: '2026-09-30T14:25:00+02:00',
  },
];
