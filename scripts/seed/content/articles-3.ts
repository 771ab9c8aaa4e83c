import type { SeedArticle } from './types.ts';

/** Governance, disclosure and sustainable finance. */
export const articles3: SeedArticle[] = [
  {
    key: 'king-v-boards-outcomes',
    title: 'King V in practice: boards grapple with the new governance code’s outcomes-based approach',
    slug: 'king-v-in-practice-boards-grapple-with-the-new-governance-code-s-outcomes-based-approach',
    excerpt:
      'The King V Code asks South African boards to show what good governance achieves, not just which boxes were ticked. Company secretaries say the shift is welcome but demanding, especially on sustainability.',
    bodyHtml: `<p>For three decades, the King reports on corporate governance have shaped how South African boards think about their role. <strong>King V</strong>, the latest iteration published by the <a href="https://www.iodsa.co.za">Institute of Directors in South Africa</a>, replaced King IV for reporting periods from 2026. Its emphasis on outcomes and a leaner set of principles was welcomed by many directors. Nearly a year into the first reporting cycle, company secretaries and auditors are discovering what that means in practice.</p>
<h2>From apply-and-explain to evidence</h2>
<p>King IV introduced an apply-and-explain regime, asking organisations to explain how they had applied each principle. Critics complained that this produced long, repetitive governance reports that said little about whether governance was effective. King V aims to focus disclosure on what matters: how the board’s oversight produced outcomes such as an ethical culture, good performance, effective control and legitimacy with stakeholders.</p>
<ul>
<li>Boards are expected to demonstrate the link between governance practices and outcomes.</li>
<li>Sustainability and stakeholder relationships are treated as core strategic matters, not add-ons.</li>
<li>Disclosure is encouraged to be concise and cross-referenced, rather than duplicated across reports.</li>
</ul>
<h2>Sustainability at board level</h2>
<p>Several company secretaries interviewed by ESG Africa News said the most demanding aspect was integrating sustainability into board processes. Social and ethics committees, which are a legal requirement for certain companies under the Companies Act, are being asked to do more than review policies. Boards need to understand climate risk, human rights in supply chains and community relations well enough to challenge management.</p>
<p>“The days of the sustainability report as a glossy supplement are over,” said Charmaine Smit, a company secretary at a JSE-listed industrial group. “Our board now spends real time on climate scenarios and on community grievances. The harder part is showing, in writing, how that changed a decision.”</p>
<h2>The skills question</h2>
<p>Directors’ skills matrices have become more prominent. Investors are asking whether boards have members with expertise in climate, technology and human capital, and whether directors receive ongoing training. Some boards have appointed advisory panels or co-opted experts rather than adding permanent members.</p>
<blockquote><p>“Nobody expects every director to be a climate scientist. But every director should be able to ask a good question about the company’s transition plan and recognise a weak answer.”</p></blockquote>
<p>That was the view of Vusi Mthethwa, a non-executive director who serves on the boards of two listed companies and chairs a social and ethics committee.</p>
<h2>Interaction with disclosure standards</h2>
<p>King V arrives as the international sustainability disclosure standards of the ISSB gain traction, and as the <a href="https://www.jse.co.za">JSE</a> refines its disclosure guidance. Governance professionals say the code and the standards are complementary: the standards prescribe what to disclose, while the code addresses how the board oversees the underlying issues. Aligning the two reduces duplication.</p>
<p>Early evidence suggests that reports are becoming shorter and more focused. Whether governance itself improves will take longer to judge. As one auditor put it, an outcomes-based code only works if boards are honest about outcomes that fall short.</p>`,
    categorySlugs: ['corporate-governance', 'governance', 'featured-stories'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-09-23T08:00:00+02:00',
    createdAt: '2026-09-21T16:00:00+02:00',
    heroImage: 'boardroom-johannesburg-governance.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
  },
  {
    key: 'issb-adoption-africa',
    title: 'ISSB adoption in Africa: Nigeria, Kenya and South Africa take different roads to IFRS S1 and S2',
    slug: 'issb-adoption-in-africa-nigeria-kenya-and-south-africa-take-different-roads-to-ifrs-s1-and-s2',
    excerpt:
      'African jurisdictions are adopting the ISSB’s sustainability disclosure standards at different speeds. The differences matter for multinationals, investors and the auditors who will have to provide assurance.',
    bodyHtml: `<p>When the International Sustainability Standards Board (ISSB) issued its first two standards in 2023, <strong>IFRS S1</strong> on general sustainability-related disclosures and <strong>IFRS S2</strong> on climate-related disclosures, it aimed to create a global baseline for sustainability reporting. African regulators have responded in different ways, and the resulting patchwork is shaping how companies across the continent report to investors.</p>
<h2>Nigeria: an early mover</h2>
<p>Nigeria’s Financial Reporting Council was among the first regulators worldwide to announce a roadmap for adoption, with voluntary early adoption followed by phased mandatory application for public interest entities. Several large Nigerian banks and listed companies have already published reports referencing the standards. “Being early has given us a voice in how the standards are applied in emerging markets,” said Oluwaseun Adebayo, a sustainability reporting specialist at a Lagos accounting firm.</p>
<h2>Kenya: led by the accounting profession</h2>
<p>In Kenya, the professional accountancy body declared the standards applicable, with transitional relief, and the capital markets regulator has encouraged listed companies to align their disclosures. The <a href="https://www.nse.co.ke">Nairobi Securities Exchange</a> has published ESG disclosure guidance that points towards the ISSB framework.</p>
<h2>South Africa: guidance first</h2>
<p>South Africa has taken a more gradual path. The <a href="https://www.jse.co.za">JSE</a> published sustainability and climate disclosure guidance that draws on the international frameworks, and regulators and standard setters have consulted on adoption. Many large JSE-listed companies already report under the recommendations of the Task Force on Climate-related Financial Disclosures (TCFD), which form the backbone of IFRS S2.</p>
<ul>
<li>Large companies with international investors are adopting the standards voluntarily.</li>
<li>Smaller listed companies are concerned about cost, data availability and assurance.</li>
<li>Scope 3 emissions and climate scenario analysis are the most challenging requirements.</li>
</ul>
<h2>The assurance challenge</h2>
<p>Disclosure is only credible if it can be checked. Auditors across the continent are building capacity to provide assurance on sustainability information, initially limited assurance and later reasonable assurance. That requires new skills and systems, both in audit firms and in companies.</p>
<blockquote><p>“Most companies can produce a climate narrative. Fewer can produce data that will survive an auditor’s questions. That is where the real work is.”</p></blockquote>
<p>That was how Nadia Essop, a sustainability assurance partner in Johannesburg, described the gap between disclosure ambition and readiness.</p>
<h2>Why consistency matters</h2>
<p>For multinationals operating in several African countries, divergent timelines and requirements add cost. For investors, consistency makes comparison possible. The ISSB has encouraged jurisdictions to adopt the standards in full, with proportionality relief for smaller entities and developing markets. African regulators have argued for flexibility to reflect local realities, including limited data and the importance of social issues.</p>
<p>The direction of travel is clear, even if the roads differ. Within a few years, most large listed companies in Africa’s main capital markets are likely to be reporting against a common baseline, and the quality of that reporting will become a competitive factor in attracting capital.</p>`,
    categorySlugs: ['regulation-policy', 'governance', 'esg-investing', 'sustainable-finance', 'featured-stories'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-10-07T08:00:00+02:00',
    createdAt: '2026-10-05T10:20:00+02:00',
    heroImage: 'sustainability-report-pages-desk.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'dbsa-green-bond-demand',
    title: 'DBSA green bond draws strong demand as local investors hunt for climate-aligned paper',
    slug: 'dbsa-green-bond-draws-strong-demand-as-local-investors-hunt-for-climate-aligned-paper',
    excerpt:
      'A new green bond from the Development Bank of Southern Africa was several times oversubscribed, with proceeds earmarked for renewable energy, water and transmission projects. Local institutional investors dominated the order book.',
    bodyHtml: `<p>The <a href="https://www.dbsa.org">Development Bank of Southern Africa (DBSA)</a> has closed a rand-denominated <strong>green bond</strong> that attracted bids well in excess of the amount on offer, according to market participants familiar with the auction. The strong demand underlines the appetite among South African pension funds and asset managers for fixed-income instruments linked to climate and infrastructure outcomes.</p>
<h2>Use of proceeds</h2>
<p>According to the bank’s green bond framework, proceeds will be allocated to eligible projects including renewable energy generation, energy efficiency, water and wastewater infrastructure, and grid investments that enable renewable energy. The framework is aligned with international green bond principles and has been reviewed by an independent second-party opinion provider.</p>
<ul>
<li>The issue was listed on the sustainability segment of the <a href="https://www.jse.co.za">JSE</a>.</li>
<li>Pricing was set at a spread slightly inside the bank’s comparable conventional bonds.</li>
<li>Annual allocation and impact reports are required under the framework.</li>
</ul>
<h2>Why investors are buying</h2>
<p>Fund managers said the combination of a quasi-sovereign issuer, transparent use of proceeds and a scarcity of green fixed-income paper in rand explained the demand. “We have mandates from clients to grow our allocation to climate solutions, but the local supply of labelled bonds is still thin,” said Thandeka Zulu, a fixed-income portfolio manager at a Cape Town asset manager. “When a credible issuer comes to market, we participate.”</p>
<p>Some investors cautioned that the so-called greenium, the lower yield accepted on green bonds compared with conventional bonds, remains small and inconsistent in South Africa. They said reporting quality would determine whether they pay up for future issues.</p>
<h2>A growing market</h2>
<p>The local sustainable bond market has expanded steadily, with issuers including banks, municipalities, property companies and state-owned entities. The publication of a national green finance taxonomy has provided a reference for what qualifies as green, although its use remains voluntary. Market participants expect further issuance as companies refinance debt and fund transition projects.</p>
<blockquote><p>“The next frontier is transition bonds, for companies that are not green today but have credible plans to get there. That is where most of the capital need in South Africa actually lies.”</p></blockquote>
<p>That was the view of Kabelo Mokgatle, a debt capital markets banker in Johannesburg.</p>
<h2>Municipal and social infrastructure</h2>
<p>Some of the bank’s lending goes to municipalities, which face severe infrastructure backlogs in water, sanitation and electricity distribution. Investors said they would look closely at how much of the bond’s proceeds reach municipal projects, which tend to have greater social impact but higher execution risk than utility-scale renewable energy. Several fund managers said they would welcome a separate social or sustainability bond focused on municipal services.</p>
<p>The DBSA is expected to publish its first allocation report for the bond within twelve months, detailing the projects funded and their estimated impact.</p>`,
    categorySlugs: ['green-bonds', 'sustainable-finance', 'latest-news', 'current-news'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-11-20T08:00:00+02:00',
    createdAt: '2026-11-19T17:45:00+02:00',
    heroImage: 'johannesburg-skyline-financial-district.webp',
    imageReference: 'Photo: Sipho Ndlovu / ESG Africa News',
  },
  {
    key: 'sustainability-linked-loans-kpis',
    title: 'Sustainability-linked loans face a credibility test as banks tighten KPI scrutiny',
    slug: 'sustainability-linked-loans-face-a-credibility-test-as-banks-tighten-kpi-scrutiny',
    excerpt:
      'Sustainability-linked loans reward borrowers for hitting ESG targets with lower interest rates. Lenders in South Africa are tightening the rules after criticism that some targets were too easy to reach.',
    bodyHtml: `<p>Over the past five years, <strong>sustainability-linked loans</strong> have become one of the fastest-growing parts of the sustainable finance market in South Africa. Unlike green loans, which finance specific projects, these facilities can be used for general corporate purposes. The interest margin adjusts depending on whether the borrower meets pre-agreed sustainability performance targets. The structure is flexible, and that flexibility has drawn criticism.</p>
<h2>The ambition problem</h2>
<p>Analysts reviewing publicly disclosed deals found that some targets were already on track to be met when loans were signed, or were measured in ways that made them easy to achieve. Margin adjustments are often small, a few basis points, which raises questions about whether they change behaviour. “If the target is business as usual and the reward is trivial, you have a marketing tool, not a sustainability instrument,” said Marius Joubert, an independent sustainable finance adviser.</p>
<h2>Banks respond</h2>
<p>Several South African banks have updated their internal frameworks for sustainability-linked lending. Changes include:</p>
<ul>
<li>Requiring key performance indicators that are material to the borrower’s business, such as Scope 1 and 2 emissions for heavy industry.</li>
<li>Benchmarking targets against science-based pathways or sector peers.</li>
<li>Requiring external verification of performance before margin adjustments are applied.</li>
<li>Including penalties, not just discounts, when targets are missed.</li>
</ul>
<p>“We have walked away from deals where the client wanted a label without a stretch,” said Nokuthula Dube, head of sustainable finance at a commercial bank in Johannesburg. “Our own reputation is on the line. Regulators and investors are looking at our sustainable finance numbers.”</p>
<h2>Regulatory attention</h2>
<p>The <a href="https://www.resbank.co.za">South African Reserve Bank</a>’s Prudential Authority has been engaging banks on climate risk management and disclosure. Although it has not issued specific rules on sustainability-linked lending, supervisors expect banks’ climate claims to be supported by robust processes. The green finance taxonomy provides a reference for green activities, but sustainability-linked instruments depend on target-setting rather than classification.</p>
<blockquote><p>“The integrity of the whole market depends on the weakest deals. One exposé about a meaningless target damages trust for everyone.”</p></blockquote>
<p>That warning came from Grace Mabuza, who chairs a working group on sustainable finance at an industry association.</p>
<h2>Social targets</h2>
<p>Not all sustainability-linked loans focus on the environment. Some South African facilities include targets on employment equity, local procurement or access to services. These social indicators are harder to benchmark but highly relevant in the local context. Lenders say they are developing guidance to ensure that social targets are meaningful and measurable.</p>
<p>The instrument is not going away. If anything, the tightening of standards may strengthen it. Borrowers with credible transition plans stand to benefit from cheaper finance, while those seeking a label without ambition may find doors closing.</p>`,
    categorySlugs: ['esg-investing', 'sustainable-finance'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-09-02T08:00:00+02:00',
    createdAt: '2026-08-31T15:30:00+02:00',
    heroImage: 'bank-meeting-loan-documents.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'green-finance-taxonomy-test',
    title: 'South Africa’s green finance taxonomy gets its first real-world test',
    slug: 'south-africa-s-green-finance-taxonomy-gets-its-first-real-world-test',
    excerpt:
      'The national green finance taxonomy was designed to stop greenwashing by defining which activities are green. Bond issuers and banks now use it, and the results are revealing both strengths and gaps.',
    bodyHtml: `<p>A taxonomy sounds like something from a biology textbook. In finance, it is a classification system that defines which economic activities can be considered environmentally sustainable. South Africa’s <strong>green finance taxonomy</strong>, developed under the leadership of <a href="https://www.treasury.gov.za">National Treasury</a> with regulators and industry, was published to give investors, lenders and issuers a common language. Now that it is being used in real transactions, its strengths and limitations are becoming clear.</p>
<h2>What the taxonomy does</h2>
<p>The taxonomy lists activities, such as solar and wind generation, energy-efficient buildings, public transport and water recycling, and sets technical criteria that must be met for each to qualify as green. It draws heavily on the European Union’s taxonomy, adapted to South African conditions. Its use is voluntary, but it is increasingly referenced in bond frameworks and bank reporting.</p>
<ul>
<li>Activities must make a substantial contribution to an environmental objective.</li>
<li>They must not cause significant harm to other objectives.</li>
<li>Minimum social safeguards must be respected.</li>
</ul>
<h2>Where it helps</h2>
<p>Bond issuers say the taxonomy has made second-party opinions quicker and less contentious, because there is an agreed reference point. Banks use it to classify their loan books, which helps them report green lending consistently to boards and regulators. “Before the taxonomy, every bank had its own definition of green, and none of them were comparable,” said Yusuf Patel, a sustainable finance manager at a Johannesburg bank.</p>
<h2>Where it falls short</h2>
<p>The biggest gap is the treatment of transition activities. South Africa’s economy depends on coal, heavy industry and mining, and much of the capital it needs is for making those activities cleaner rather than replacing them overnight. A strict green taxonomy has little to say about a cement plant that cuts its emissions by a third, or a mine that switches its trucks to cleaner fuels.</p>
<blockquote><p>“A taxonomy that only recognises what is already green will miss most of the decarbonisation that needs to happen in this economy.”</p></blockquote>
<p>That was the criticism of Dr Leila Cassim, an economist who has advised on taxonomy development in several emerging markets. Work is under way on a transition finance framework to address this gap.</p>
<h2>Social dimensions</h2>
<p>Another debate concerns social objectives. South Africa has high unemployment and inequality, and many argue that a taxonomy should recognise activities that deliver social benefits, such as affordable housing or access to basic services. Proposals for a social taxonomy have been discussed, but defining criteria is difficult.</p>
<p>The taxonomy is a living document and is expected to be updated regularly. Its first real-world tests show that it can reduce greenwashing and improve consistency. The next versions will need to address transition and social questions if it is to guide the bulk of the capital South Africa needs.</p>`,
    categorySlugs: ['green-bonds', 'sustainable-finance', 'regulation-policy', 'governance'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-07-28T08:00:00+02:00',
    createdAt: '2026-07-26T11:10:00+02:00',
    heroImage: 'green-finance-taxonomy-document.webp',
    imageReference: null,
  },
  {
    key: 'bbbee-mining-trusts',
    title: 'B-BBEE ownership deals in mining: when empowerment trusts fail the communities they were built for',
    slug: 'b-bbee-ownership-deals-in-mining-when-empowerment-trusts-fail-the-communities-they-were-built-for',
    excerpt:
      'Community trusts hold shares in many South African mines under empowerment rules. Some have delivered bursaries and clinics. Others have been hollowed out by debt, poor governance and disputes over who speaks for the community.',
    bodyHtml: `<p>South Africa’s Mining Charter requires mining companies to meet ownership targets for historically disadvantaged South Africans, including a share held for host communities. Many companies meet that requirement through <strong>community trusts</strong> that hold shares on behalf of residents near the mine. On paper, these trusts are a powerful tool for sharing mineral wealth. In practice, results have been uneven.</p>
<h2>Debt before dividends</h2>
<p>Many empowerment transactions were financed with vendor loans or bank debt, to be repaid from dividends. When commodity prices fell, dividends were insufficient, and some trusts received nothing for years. In several cases, the debt was eventually written off or restructured, but communities had waited a decade without meaningful benefit.</p>
<ul>
<li>Trusts with debt-free shares have generally delivered more consistent benefits.</li>
<li>Trustees are often appointed by the company or traditional authorities, raising questions of accountability.</li>
<li>Community members frequently lack information about how much the trust has received and spent.</li>
</ul>
<h2>Who is the community?</h2>
<p>Defining the beneficiary community is contentious. Mines affect people across municipal and traditional boundaries, and migrant workers, long-standing residents and traditional leaders may have different claims. Disputes over representation have led to protests, court cases and, in some areas, violence.</p>
<p>“The trust was supposed to unite us. Instead it became the thing we fight about,” said Lebogang Sithole, a youth leader from a village near a platinum mine in North West. “Nobody could tell us how decisions were made, or where the money went.”</p>
<h2>What works</h2>
<p>Researchers who have studied trusts across the platinum belt and the Northern Cape point to common features of those that perform better: independent trustees with relevant skills, published annual reports, community meetings with real decision-making power, and a focus on a few well-managed programmes rather than scattered spending. Some companies have started to provide capacity-building for trustees.</p>
<blockquote><p>“Ownership is not the same as benefit. A trust that is transparent and well-run with a small stake can do more than a large stake managed badly.”</p></blockquote>
<p>That was the observation of Professor Sibusiso Mdaka, who leads a research programme on mining and communities at a South African university.</p>
<h2>The investor view</h2>
<p>Investors are increasingly asking listed mining companies for data on their empowerment structures, including the flow of dividends to community trusts and the outcomes achieved. The <a href="https://www.bbbeecommission.co.za">B-BBEE Commission</a> has investigated so-called fronting practices, where ownership exists on paper but not in substance. Credible community ownership is becoming part of a mine’s social licence to operate.</p>
<p>Empowerment was meant to correct historic exclusion from South Africa’s mineral wealth. Making community trusts work is essential if that promise is to be kept in the places where the minerals are actually dug.</p>`,
    categorySlugs: ['social-licence', 'mining-resources', 'community-development', 'social'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-10-16T08:00:00+02:00',
    createdAt: '2026-10-14T14:50:00+02:00',
    heroImage: 'platinum-belt-village-mine-headgear.webp',
    imageReference: 'Photo: Sipho Ndlovu / ESG Africa News',
  },
  {
    key: 'mines-communities-social-licence-balance-sheet',
    title: 'Mines & communities: “social licence” is now a balance-sheet item',
    slug: 'mines-communities-social-licence-is-now-a-balance-sheet-item',
    excerpt:
      'Community protests, road blockades and legal challenges cost South African mines real money. Investors now price social risk alongside commodity prices, and mining companies are rethinking how they measure it.',
    bodyHtml: `<p>For a long time, the phrase <strong>social licence to operate</strong> was used in mining company reports as a soft, reassuring term. It described the informal acceptance of a mine by its neighbours, as opposed to the formal licence issued by the state. Today, social licence is measured in lost production days, delayed expansions, security costs and litigation. Investors have started to treat it as a balance-sheet item.</p>
<h2>The cost of conflict</h2>
<p>Analysts at a Johannesburg-based research house estimate that community-related disruptions, including road blockades, protests and work stoppages, cost the South African mining industry billions of rand each year in lost output. The costs are unevenly spread: operations in densely populated areas with a history of broken promises are most affected.</p>
<ul>
<li>Disruptions often centre on jobs, procurement opportunities and housing.</li>
<li>Environmental grievances, including dust, water pollution and blasting damage, are a growing trigger.</li>
<li>Disputes over the distribution of benefits within communities can spill over into action against mines.</li>
</ul>
<h2>Measuring what matters</h2>
<p>Companies are experimenting with ways to measure social licence more rigorously. Some commission independent perception surveys in host communities, tracking trust over time. Others report on grievance mechanisms: how many complaints are received, how quickly they are resolved and whether complainants are satisfied. The <a href="https://www.mineralscouncil.org.za">Minerals Council South Africa</a> has encouraged members to strengthen community engagement and report consistently.</p>
<p>“We used to report how much we spent on social projects. Now we report what people in the community think of us, and it is a very different conversation in the boardroom,” said Andile Ngcobo, head of stakeholder relations at a mid-tier coal and manganese producer.</p>
<h2>Investors adjust their models</h2>
<p>Fund managers say social risk has moved from the ESG appendix into valuation models. Some apply higher discount rates to operations with unresolved community disputes. Others engage directly with companies on specific sites, asking for evidence of improved relationships.</p>
<blockquote><p>“A mine that cannot move its ore to port because the road is blocked is a stranded asset, even if the orebody is world-class.”</p></blockquote>
<p>That was the blunt assessment of Pieter Steyn, a mining analyst at a Cape Town asset manager.</p>
<h2>Beyond compliance</h2>
<p>Social and labour plans, required by law, set out commitments to local economic development, skills and housing. Civil society groups say many plans are poorly implemented and rarely enforced, and communities often do not receive copies. Companies that go beyond compliance, for example by publishing plans and progress reports in local languages and involving communities in project selection, report fewer disruptions.</p>
<p>Social licence is not a certificate that can be obtained once. It must be earned continuously, and it can be lost quickly. The new attention from investors may be the most effective incentive yet for companies to take it seriously.</p>`,
    categorySlugs: ['social-licence', 'mining-resources', 'esg-investing', 'sustainable-finance', 'featured-stories'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-11-14T07:30:00+02:00',
    createdAt: '2026-11-12T10:05:00+02:00',
    heroImage: 'mine-haul-road-community-protest.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
  },
  {
    key: 'illegal-mining-crackdown-rights',
    title: 'Zama zamas and the state: illegal mining crackdown raises human rights questions',
    slug: 'zama-zamas-and-the-state-illegal-mining-crackdown-raises-human-rights-questions',
    excerpt:
      'A renewed crackdown on illegal mining in disused shafts has led to arrests and rescues. Human rights lawyers warn that enforcement must not ignore the trafficking, poverty and dangerous conditions behind the trade.',
    bodyHtml: `<p>Illegal mining in abandoned and disused shafts across Gauteng, the Free State and North West has long been one of South Africa’s most intractable problems. The informal miners, known as <strong>zama zamas</strong>, work in extremely dangerous conditions, often controlled by criminal syndicates that sell the gold they extract. A renewed enforcement campaign this month has again put the human cost in the spotlight.</p>
<h2>Enforcement and rescues</h2>
<p>Police and mine security teams have sealed shafts, arrested suspected syndicate members and brought underground miners to the surface. Some of those brought up were severely malnourished after weeks underground. Human rights lawyers have called for a humanitarian approach, including medical care and screening for trafficking victims.</p>
<ul>
<li>Many underground miners are migrants from neighbouring countries without documentation.</li>
<li>Syndicates control supply of food, water and equipment underground, creating conditions of debt bondage.</li>
<li>Thousands of derelict and ownerless mines remain unsealed and unrehabilitated.</li>
</ul>
<h2>The rights dimension</h2>
<p>“Illegal mining is a crime, but many of the people underground are also victims,” said Advocate Nompumelelo Radebe, who represents several detained miners. “A response that only counts arrests misses the syndicates and the buyers, and it risks violating the rights of people who were trafficked or coerced.”</p>
<p>Researchers note that the demand for illicit gold, and the networks that buy and export it, are rarely the focus of enforcement. Without disrupting the financial flows, they argue, arrests at the shaft will simply be replaced by new recruits.</p>
<h2>Following the gold</h2>
<p>Investigators and researchers say illicit gold is typically sold to informal buyers near the shafts, then smelted and moved through networks that mix it with legitimately produced gold before export. Breaking those networks requires financial investigations, cooperation with refiners and scrutiny of export documentation, all of which take longer than a raid. Responsible gold standards used by refiners and jewellers require due diligence on the origin of gold, and industry bodies say they are strengthening checks.</p>
<ul>
<li>Financial intelligence on buyers and exporters is seen as the most effective lever.</li>
<li>Cross-border cooperation is needed because many syndicate leaders operate from neighbouring countries.</li>
<li>Community policing forums in mining towns report threats and violence linked to rival groups.</li>
</ul>
<h2>Responsibility for derelict mines</h2>
<p>The state is responsible for rehabilitating mines whose owners can no longer be traced. Progress has been slow because of the scale of the problem and limited funding. Companies that currently hold mining rights in affected areas face pressure to secure and rehabilitate shafts on their land, and investors are asking about the liabilities involved.</p>
<p>The enforcement campaign is expected to continue in the coming weeks. Civil society groups have called for a parliamentary review of the approach, including the treatment of those brought to the surface.</p>`,
    categorySlugs: ['labour-human-rights', 'social', 'mining-resources', 'latest-news', 'current-news'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-11-17T10:30:00+02:00',
    createdAt: '2026-11-17T08:00:00+02:00',
    heroImage: 'disused-mine-shaft-west-rand.webp',
    imageReference: 'Photo: Sipho Ndlovu / ESG Africa News',
  },
];
