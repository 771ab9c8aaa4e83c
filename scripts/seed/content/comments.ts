import type { SeedComment } from './types.ts';

/**
 * Reader discussion on seven published articles. Covers every status; includes replies by the
 * article's own author (is_author), edited comments, a reader with no display name ('Unknown User')
 * and likes and dislikes on approved comments.
 */
export const comments: SeedComment[] = [
  // Inside the JET IP (admin's article, the main story)
  {
    articleKey: 'jet-ip-three-years-on',
    authorKey: 'reader',
    content:
      'Useful breakdown. The grant share is the number that matters for the coal towns, and it is the one that gets the least airtime. Would love to see the same analysis repeated every year so we can track it.',
    status: 'approved',
    createdAt: '2026-11-19T09:12:00+02:00',
    reactions: [
      { authorKey: 'reader2', type: 'like' },
      { authorKey: 'reader3', type: 'like' },
      { authorKey: 'reader6', type: 'like' },
    ],
  },
  {
    articleKey: 'jet-ip-three-years-on',
    authorKey: 'reader2',
    content:
      'From the rehabilitation side: almost nobody is talking about the closure liabilities sitting under these power stations and their collieries. Ash dams and water treatment will need funding for decades after the last unit trips. That belongs in the JET IP conversation too.',
    status: 'approved',
    createdAt: '2026-11-19T11:40:00+02:00',
    reactions: [
      { authorKey: 'reader', type: 'like' },
      { authorKey: 'reader4', type: 'dislike' },
    ],
  },
  {
    articleKey: 'jet-ip-three-years-on',
    authorKey: 'admin',
    content:
      'Thanks Ruan, that is a fair point and a gap in this piece. We are working on a follow-up on closure liabilities and financial provisioning. If you are willing to talk to us on background, please get in touch through the contact page.',
    status: 'approved',
    createdAt: '2026-11-19T14:05:00+02:00',
    reactions: [{ authorKey: 'reader2', type: 'like' }],
  },
  {
    articleKey: 'jet-ip-three-years-on',
    authorKey: 'reader4',
    content:
      'Earn guaranteed returns with our new tokenised carbon credits!!! DM me for the whitelist link, only 50 spots left.',
    status: 'hidden',
    createdAt: '2026-11-20T08:02:00+02:00',
  },
  {
    articleKey: 'jet-ip-three-years-on',
    authorKey: 'reader5',
    content:
      'Is the project-level data you used public? I would like to look at the municipal capacity allocations for my honours research.',
    status: 'pending',
    createdAt: '2026-11-21T20:30:00+02:00',
  },

  // Mines & communities: "social licence" (author2's article)
  {
    articleKey: 'mines-communities-social-licence-balance-sheet',
    authorKey: 'reader3',
    content:
      'Same story in the Niger Delta. Host community trusts were written into law, but whether they work depends entirely on who sits on the board. Investors discovering social risk now are about twenty years late, but better late than never.',
    status: 'approved',
    createdAt: '2026-11-14T10:20:00+02:00',
    reactions: [
      { authorKey: 'reader', type: 'like' },
      { authorKey: 'reader6', type: 'like' },
    ],
  },
  {
    articleKey: 'mines-communities-social-licence-balance-sheet',
    authorKey: 'reader2',
    content:
      'Perception surveys are a step forward, but they can be gamed if the mine chooses who gets surveyed. Grievance data is more honest: how many complaints about blasting cracks and dust, and how long they take to close out. That is what I would want to see reported.',
    status: 'approved',
    createdAt: '2026-11-14T16:45:00+02:00',
    edited: true,
    reactions: [
      { authorKey: 'reader3', type: 'like' },
      { authorKey: 'reader', type: 'dislike' },
    ],
  },
  {
    articleKey: 'mines-communities-social-licence-balance-sheet',
    authorKey: 'author2',
    content:
      'Agreed on grievance data, Ruan. Two of the companies we spoke to publish resolution times; most do not. We will ask the others for their numbers in our next round of reporting.',
    status: 'approved',
    createdAt: '2026-11-15T08:30:00+02:00',
    reactions: [{ authorKey: 'reader3', type: 'like' }],
  },
  {
    articleKey: 'mines-communities-social-licence-balance-sheet',
    authorKey: 'reader6',
    content: 'Sorry, this was meant for the water article.',
    status: 'deleted',
    createdAt: '2026-11-15T12:00:00+02:00',
  },

  // Carbon tax phase two
  {
    articleKey: 'carbon-tax-phase-two',
    authorKey: 'reader',
    content:
      'The offset allowance is where I expect the most creative accounting. Has anyone published a list of which projects companies actually surrendered credits from? Without a public registry it is hard to judge quality.',
    status: 'approved',
    createdAt: '2026-10-28T12:15:00+02:00',
    reactions: [
      { authorKey: 'reader2', type: 'like' },
      { authorKey: 'reader4', type: 'like' },
    ],
  },
  {
    articleKey: 'carbon-tax-phase-two',
    authorKey: 'reader4',
    content:
      'Interesting to read from Nairobi. Kenya is going the carbon markets route rather than a tax, and the debate here is mostly about benefit sharing with communities. South Africa’s approach at least gives a clear price signal.',
    status: 'approved',
    createdAt: '2026-10-29T09:00:00+02:00',
    reactions: [{ authorKey: 'reader', type: 'like' }],
  },
  {
    articleKey: 'carbon-tax-phase-two',
    authorKey: 'reader2',
    content:
      'Typical journalist who has never had to make payroll. Write about something you understand before telling businesses what they can afford.',
    status: 'hidden',
    createdAt: '2026-10-30T19:25:00+02:00',
  },

  // Gauteng's water security
  {
    articleKey: 'gauteng-water-security-lhwp',
    authorKey: 'reader6',
    content:
      'Ring-fencing water revenue is the single most important reform here. In Durban we have seen what happens when the water account quietly subsidises everything else: maintenance is the first thing cut. Good to see it spelled out.',
    status: 'approved',
    createdAt: '2026-11-06T10:30:00+02:00',
    edited: true,
    reactions: [
      { authorKey: 'reader', type: 'like' },
      { authorKey: 'reader2', type: 'like' },
      { authorKey: 'reader5', type: 'like' },
    ],
  },
  {
    articleKey: 'gauteng-water-security-lhwp',
    authorKey: 'reader',
    content:
      'Nine days without water in our part of Midrand last month. The reservoir was fine, the pump station had no power. This article explains why that keeps happening better than any municipal notice has.',
    status: 'approved',
    createdAt: '2026-11-07T07:45:00+02:00',
    reactions: [{ authorKey: 'reader6', type: 'like' }],
  },
  {
    articleKey: 'gauteng-water-security-lhwp',
    authorKey: 'reader5',
    content: 'Does anyone know if Rand Water publishes daily reservoir levels somewhere?',
    status: 'pending',
    createdAt: '2026-11-21T18:00:00+02:00',
  },

  // Mpumalanga coal workers
  {
    articleKey: 'mpumalanga-coal-workers-reskilling',
    authorKey: 'reader3',
    content:
      'The point about contract workers is crucial. Every transition plan I have read counts permanent staff and forgets the people employed by suppliers, who are usually the majority on site.',
    status: 'approved',
    createdAt: '2026-10-02T13:00:00+02:00',
    reactions: [{ authorKey: 'reader2', type: 'like' }],
  },
  {
    articleKey: 'mpumalanga-coal-workers-reskilling',
    authorKey: 'reader',
    content: 'Posted twice by accident.',
    status: 'deleted',
    createdAt: '2026-10-03T08:10:00+02:00',
  },

  // A just transition that ignores women in coal towns isn't just
  {
    articleKey: 'opinion-women-coal-towns',
    authorKey: 'reader6',
    content:
      'Thank you for writing this. The care economy point deserves its own piece: early childhood centres are real jobs, mostly for women, and they make every other training programme possible.',
    status: 'approved',
    createdAt: '2026-11-18T15:10:00+02:00',
    reactions: [
      { authorKey: 'reader4', type: 'like' },
      { authorKey: 'reader3', type: 'like' },
    ],
  },
  {
    articleKey: 'opinion-women-coal-towns',
    authorKey: 'reader4',
    content:
      'We see exactly the same pattern around the geothermal fields in Kenya: compensation conversations happen with men, and women find out afterwards. Consultation design matters.',
    status: 'pending',
    createdAt: '2026-11-21T21:40:00+02:00',
  },

  // Wheeling rules
  {
    articleKey: 'wheeling-rules-private-power',
    authorKey: 'reader2',
    content:
      'Would be good to see actual network charge numbers per metro in a follow-up. The difference between cities seems to be what makes or breaks these deals.',
    status: 'pending',
    createdAt: '2026-11-22T09:05:00+02:00',
  },
];
