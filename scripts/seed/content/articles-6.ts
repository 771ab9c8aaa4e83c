import type { SeedArticle } from './types.ts';

/** The PDF report, the newest news items and the unpublished drafts. */
export const articles6: SeedArticle[] = [
  {
    key: 'jse-climate-disclosure-review-2026',
    title: 'JSE climate disclosure review 2026: how listed companies measure up',
    slug: 'jse-climate-disclosure-review-2026-how-listed-companies-measure-up',
    excerpt:
      'Our review of 60 large JSE-listed companies finds near-universal climate reporting but patchy quality: most disclose Scope 1 and 2 emissions, fewer than half quantify Scope 3, and only a minority obtain assurance or publish credible transition plans.',
    bodyHtml: `<p>ESG Africa News reviewed the most recent annual, integrated and sustainability reports of 60 of the largest companies listed on the <a href="https://www.jse.co.za">JSE</a> against the main elements of the exchange’s climate disclosure guidance and the ISSB’s IFRS S2 standard. The full report, including sector breakdowns and methodology, is available as a PDF below.</p>
<ul>
<li><strong>Governance:</strong> almost all companies describe board oversight of climate, but few explain how climate affected a specific decision.</li>
<li><strong>Emissions:</strong> Scope 1 and 2 disclosure is near universal; Scope 3 is quantified by fewer than half.</li>
<li><strong>Assurance:</strong> a minority obtain independent assurance over emissions, and very few over targets or transition plans.</li>
<li><strong>Transition plans:</strong> credible, costed plans with interim milestones remain the exception.</li>
</ul>`,
    categorySlugs: ['reports', 'corporate-governance', 'governance', 'featured-stories'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-11-16T08:00:00+02:00',
    createdAt: '2026-11-13T10:00:00+02:00',
    heroImage: 'jse-building-sandton-report-cover.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
    isReport: true,
    pdfFile: 'jse-climate-disclosure-review-2026.pdf',
  },
  {
    key: 'eskom-transmission-plan-cape-corridors',
    title: 'Eskom transmission plan update prioritises Northern and Western Cape grid corridors',
    slug: 'eskom-transmission-plan-update-prioritises-northern-and-western-cape-grid-corridors',
    excerpt:
      'An updated transmission development plan puts new lines into the Cape provinces at the top of the list, as developers wait for grid capacity to connect wind, solar and battery projects.',
    bodyHtml: `<p>An updated transmission development plan from <a href="https://www.eskom.co.za">Eskom</a>’s grid business places new high-voltage corridors into the Northern Cape and Western Cape at the top of its investment priorities, reflecting the concentration of renewable energy projects waiting for connection in those provinces.</p>
<h2>What is in the plan</h2>
<p>The plan sets out the lines, substations and transformers that the national transmission company intends to build over the coming decade. Its latest update, presented to industry stakeholders this week, emphasises the following:</p>
<ul>
<li>New 400kV and 765kV lines connecting the Cape renewable energy zones to load centres in Gauteng and KwaZulu-Natal.</li>
<li>Substation upgrades that can be completed quickly to release capacity on existing lines.</li>
<li>A larger role for private investment through the independent transmission projects programme.</li>
</ul>
<h2>Industry response</h2>
<p>Renewable energy developers welcomed the prioritisation but questioned whether the build rate would be fast enough. “The plan is right, the question is delivery,” said Marike du Plessis, chief executive of a renewable energy industry body. “Over the past decade, actual kilometres of line built have been a fraction of what was planned. We need to see construction, not just maps.”</p>
<p>Analysts note that the plan also has to accommodate the retirement of coal stations in Mpumalanga, which will change power flows across the network, and the growth of rooftop and embedded generation, which reduces demand on parts of the grid during the day.</p>
<h2>Why the Cape matters</h2>
<p>The Northern, Western and Eastern Cape have the country’s best wind and solar resources, and most renewable projects procured through public programmes and private deals have been located there. But the existing network in those provinces was designed to deliver power from the coal fleet in the north-east, not to export large volumes of power from the south-west. Several substations in the region have no spare capacity, and grid allocation rules have had to ration what is available.</p>
<h2>Financing the build</h2>
<p>Funding for the transmission build is expected to come from a combination of Eskom’s balance sheet, concessional finance from development partners and private capital under the independent transmission model. The <a href="https://www.nersa.org.za">National Energy Regulator of South Africa</a> will need to approve tariffs that allow investors to recover their costs.</p>
<p>Some developers have proposed funding shared connection infrastructure themselves in exchange for priority access, an approach already used for individual projects. Others want clearer rules on curtailment, which would allow more projects to connect to congested parts of the network on the understanding that their output may occasionally be limited.</p>
<p>Industry stakeholders have until the end of January to submit comments on the plan. ESG Africa News will report on the submissions and on the first independent transmission procurement round as details emerge.</p>`,
    categorySlugs: ['latest-news', 'current-news', 'renewables', 'energy'],
    primaryCategorySlug: 'renewables',
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-11-22T08:30:00+02:00',
    createdAt: '2026-11-22T07:10:00+02:00',
    heroImage: 'high-voltage-pylons-western-cape.webp',
    imageReference: 'Photo: Sipho Ndlovu / ESG Africa News',
  },
  {
    key: 'nairobi-local-currency-climate-finance',
    title: 'African development banks commit to local-currency climate finance at Nairobi meeting',
    slug: 'african-development-banks-commit-to-local-currency-climate-finance-at-nairobi-meeting',
    excerpt:
      'Development finance institutions meeting in Nairobi have pledged to expand climate lending in local currencies, aiming to reduce the foreign exchange risk that makes clean energy projects expensive for African borrowers.',
    bodyHtml: `<p>A group of African and international development finance institutions meeting in Nairobi this week announced a joint commitment to expand <strong>local-currency lending</strong> for climate projects, in an effort to tackle one of the biggest barriers to clean energy investment on the continent: the cost of currency risk.</p>
<h2>Why currency matters</h2>
<p>Most climate finance for Africa is provided in US dollars or euros. But many of the projects it funds, such as solar plants, mini-grids and water utilities, earn revenue in local currency. When the local currency depreciates, the cost of servicing hard-currency debt rises, sometimes dramatically. Borrowers and governments end up bearing that risk, which raises the effective cost of capital.</p>
<ul>
<li>The commitment includes targets for the share of new climate lending in local currencies.</li>
<li>Participants will expand the use of currency hedging facilities and local bond issuance.</li>
<li>Support will be offered to develop local capital markets, including green bond frameworks.</li>
</ul>
<h2>Reactions</h2>
<p>“For a mini-grid company in Kenya, a loan in shillings at a slightly higher interest rate is often cheaper over its life than a dollar loan that looks cheap on paper,” said Wambui Njoroge, finance director of a Nairobi-based off-grid solar company attending the meeting. “This is the single most useful thing lenders can do for us.”</p>
<p>Civil society groups welcomed the commitment but said it should be accompanied by more grant funding for adaptation, which rarely generates revenue in any currency. The <a href="https://www.afdb.org">African Development Bank</a> has been among the institutions advocating for greater use of local-currency finance.</p>
<h2>The scale of the challenge</h2>
<p>Estimates of Africa’s climate finance needs run to hundreds of billions of dollars a year, while flows remain a fraction of that amount. A significant share of what does flow comes as debt, adding to the burden of countries already facing high debt service costs. Local-currency lending does not increase the total amount of finance, but it can make existing finance more affordable and reduce the risk of debt distress when currencies weaken.</p>
<ul>
<li>Hedging costs remain high for many African currencies, and subsidies may be needed to make them affordable.</li>
<li>Deep local capital markets, with pension funds able to invest in long-term infrastructure, reduce reliance on foreign currency.</li>
<li>Regulators can help by developing green bond frameworks and allowing institutional investors to hold infrastructure debt.</li>
</ul>
<p>Participants said they would report annually on progress against the targets, with the first report expected ahead of next year’s UN climate conference.</p>`,
    categorySlugs: ['latest-news', 'current-news', 'africa-briefing', 'sustainable-finance'],
    primaryCategorySlug: 'sustainable-finance',
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-11-21T14:00:00+02:00',
    createdAt: '2026-11-21T11:30:00+02:00',
    heroImage: 'nairobi-conference-centre-climate-finance.webp',
    imageReference: 'Photo: Supplied',
  },
];
