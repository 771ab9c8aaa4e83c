import type { SeedArticle } from './types.ts';

/** Work in progress: drafts visible only to their author or an admin (via /preview). */
export const articles7: SeedArticle[] = [
  {
    key: 'draft-wind-farms-verreaux-eagles',
    title: 'Wind farms and Verreaux’s eagles: Eastern Cape developers test shutdown-on-demand technology',
    slug: 'wind-farms-and-verreaux-s-eagles-eastern-cape-developers-test-shutdown-on-demand-technology',
    excerpt:
      'Camera systems that detect approaching raptors and stop turbines in seconds are being tested at Eastern Cape wind farms. Conservationists say they help, but site selection still matters most.',
    bodyHtml: `<p>Verreaux’s eagles, large black raptors with a distinctive white V on their backs, hunt dassies along the cliffs and ridges of the Eastern Cape. Those same ridges are among the windiest places in South Africa, and therefore prime sites for <strong>wind farms</strong>. Collisions between large birds and turbine blades are one of the main environmental concerns about wind energy, and developers are now testing technology that aims to reduce them.</p>
<h2>How shutdown on demand works</h2>
<p>The systems use cameras or radar mounted on turbines or masts to detect birds approaching the wind farm. Software classifies the bird by size and flight pattern and, if it is a species of concern on a collision course, sends a signal to slow or stop specific turbines within seconds. When the bird has passed, the turbines resume.</p>
<ul>
<li>Detection range and accuracy vary with weather, light and terrain.</li>
<li>Each stoppage costs a small amount of generation, which must be factored into project economics.</li>
<li>Systems can also be operated by human observers during high-risk periods.</li>
</ul>
<h2>Early results</h2>
<p>Monitoring data from one Eastern Cape wind farm, shared with ESG Africa News on condition that the site not be identified until the study is published, suggest that the system detected most eagle approaches and that collisions fell compared with the years before installation. Conservationists caution that the sample is small and that more independent monitoring is needed.</p>
<p>“Technology is welcome, but it is the last line of defence,” said Dr Anele Mqadi, an ornithologist who has advised on environmental assessments for wind farms. “The first line is not building turbines in the core territory of threatened raptors. Good site selection saves more birds than any camera.”</p>
<h2>Policy context</h2>
<p>Environmental authorisations for wind farms in South Africa require pre-construction bird monitoring and operational monitoring, guided by best-practice guidelines developed with conservation organisations. As more projects are built in the Eastern Cape and Karoo, cumulative impacts across several wind farms are a growing concern.</p>
<blockquote><p>“The question is not whether wind energy is good for the planet. It is. The question is how we build it without losing species that are already under pressure.”</p></blockquote>
<p>[TODO: confirm monitoring figures with the operator; add comment from the provincial conservation authority; check whether a second site has installed a radar-based system.]</p>`,
    categorySlugs: ['biodiversity', 'environment', 'renewables', 'energy'],
    authorKey: 'author',
    status: 'draft',
    publishedAt: null,
    createdAt: '2026-11-18T15:20:00+02:00',
    heroImage: 'verreaux-eagle-wind-turbine-ridge.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'draft-zimbabwe-lithium-processing',
    title: 'Lithium in Zimbabwe: export bans, new processing plants and the artisanal miners left outside',
    slug: 'lithium-in-zimbabwe-export-bans-new-processing-plants-and-the-artisanal-miners-left-outside',
    excerpt:
      'Zimbabwe banned exports of raw lithium ore to force processing at home. New concentrate plants have followed, but small-scale miners and communities near the pits say the benefits have been slow to arrive.',
    bodyHtml: `<p>Zimbabwe holds some of Africa’s largest known lithium deposits. When the government banned the export of raw lithium ore to encourage local processing, it sent a clear signal to investors: if you want Zimbabwe’s lithium, build plants in Zimbabwe. Several concentrate plants have since been commissioned, largely by foreign-owned companies, and lithium has become one of the country’s most important exports.</p>
<h2>What has changed</h2>
<ul>
<li>Processing into spodumene concentrate now happens in-country, adding value and employment.</li>
<li>Government has signalled that it wants further processing, into lithium sulphate or carbonate, by a set date.</li>
<li>Power supply for new plants remains a constraint, given drought-related hydropower shortages.</li>
</ul>
<h2>Artisanal miners</h2>
<p>Before large companies arrived, some lithium-bearing areas were worked by artisanal miners who dug ore by hand and sold it to traders. The export ban and the consolidation of mining rights have pushed many of them out. “We found the stones first, and now we are chased away from the same hills,” said one former artisanal miner in Goromonzi district, who asked not to be named.</p>
<h2>The price cycle</h2>
<p>Lithium prices rose sharply and then fell steeply as global supply caught up with demand. Lower prices have squeezed margins at new concentrate plants, and some projects have slowed expansion plans. That has implications for the government’s push for further processing, which requires significant additional investment at a time when the market is uncertain.</p>
<h2>Community concerns</h2>
<p>Communities near new mines have raised concerns about relocation, compensation, dust and water. Civil society groups have called for community development agreements with clear commitments and transparent reporting.</p>
<blockquote><p>“Beneficiation policy is working at the level of the plant. It is not yet working at the level of the village.”</p></blockquote>
<p>That was the assessment of Tatenda Chikwanha, a researcher with a Harare-based natural resource governance organisation.</p>
<p>[TODO: get updated export figures; request comment from two processing companies; add section on price slump and mine care-and-maintenance decisions; photo permissions.]</p>`,
    categorySlugs: ['critical-minerals', 'mining-resources', 'africa-briefing', 'current-news'],
    authorKey: 'author',
    status: 'draft',
    publishedAt: null,
    createdAt: '2026-11-20T09:40:00+02:00',
    heroImage: 'lithium-pegmatite-open-pit-zimbabwe.webp',
    imageReference: null,
  },
  {
    key: 'draft-west-coast-small-scale-fishers',
    title: 'Small-scale fishers and the West Coast’s offshore exploration rights',
    slug: 'small-scale-fishers-and-the-west-coast-s-offshore-exploration-rights',
    excerpt:
      'Fishing communities on the West Coast say they were not properly consulted about offshore oil and gas exploration. Court rulings elsewhere have raised the bar for consultation, and companies are adjusting.',
    bodyHtml: `<p>In the harbour towns of the West Coast, from Lambert’s Bay to Hondeklip Bay, small-scale fishers have watched with growing concern as rights for offshore oil and gas exploration have been granted in the waters where they fish. Seismic surveys, which use powerful sound pulses to map geology beneath the seabed, have been particularly contentious.</p>
<h2>Consultation under scrutiny</h2>
<p>Court rulings on exploration off the Wild Coast found that consultation with affected communities had been inadequate and that the impacts on livelihoods and cultural practices needed to be considered. Those rulings have raised expectations on the West Coast, where fishers say they learned about some applications only after public comment periods had closed.</p>
<ul>
<li>Notices were published in newspapers and online, which many fishers do not read.</li>
<li>Meetings were held in towns far from the smallest fishing communities.</li>
<li>Documents were provided mainly in English, while many fishers speak Afrikaans.</li>
</ul>
<h2>Fishers’ perspective</h2>
<p>“The sea is our bank, our church and our school,” said Hendrik Cloete, a line fisher and member of a small-scale fishing cooperative. “If they want to come into the sea with their ships and their noise, they must come and sit with us in our halls, in our language.”</p>
<h2>The science question</h2>
<p>Scientific evidence on the effects of seismic surveys on fish and marine mammals is mixed and varies by species, season and survey design. Fishers report that catches drop during and after surveys; industry-funded studies have sometimes found limited effects. Independent monitoring, with fishers involved in data collection, could help build trust in whatever findings emerge.</p>
<h2>What companies say</h2>
<p>Exploration companies say they have followed legal requirements and have expanded their engagement, including meetings in local halls and translated materials. Some have committed to timing surveys to avoid peak fishing seasons and whale migration.</p>
<p>[TODO: add marine scientist perspective on seismic impacts on snoek and rock lobster; confirm status of the two current applications with the regulator; fact-check quotes.]</p>`,
    categorySlugs: ['community-development', 'social', 'biodiversity', 'environment'],
    authorKey: 'author2',
    status: 'draft',
    publishedAt: null,
    createdAt: '2026-11-19T13:05:00+02:00',
    heroImage: 'west-coast-fishing-boats-lamberts-bay.webp',
    imageReference: 'Photo: Fatima Hendricks / ESG Africa News',
  },
  {
    key: 'draft-greenwashing-reader-guide',
    title: 'Greenwashing watch: a reader’s guide to spotting inflated net-zero claims',
    slug: 'greenwashing-watch-a-reader-s-guide-to-spotting-inflated-net-zero-claims',
    excerpt:
      'Net-zero pledges are everywhere, but not all are equal. Our guide explains the questions to ask about targets, offsets, scope and timelines before taking a company’s climate claim at face value.',
    bodyHtml: `<p>Almost every large company now has a climate target. Many promise to reach <strong>net zero</strong> by 2050 or earlier. Some of those commitments are backed by detailed plans and capital budgets; others are little more than a press release. This guide sets out the questions we ask at ESG Africa News before we report a company’s climate claim, and which readers can use too.</p>
<h2>Five questions to ask</h2>
<ul>
<li><strong>What is covered?</strong> Does the target include Scope 3 emissions, which for many companies are the majority of their footprint?</li>
<li><strong>What is the interim milestone?</strong> A 2050 target without a 2030 milestone is hard to hold anyone accountable for.</li>
<li><strong>How much relies on offsets?</strong> Reductions in the company’s own emissions are more credible than purchased credits.</li>
<li><strong>Is there a plan and a budget?</strong> Look for capital expenditure linked to decarbonisation, not just aspirations.</li>
<li><strong>Has anyone checked?</strong> Independent assurance of emissions data and third-party validation of targets add credibility.</li>
</ul>
<h2>Why it matters in South Africa</h2>
<p>South African companies increasingly advertise their climate credentials to customers, investors and lenders. Carbon-neutral fuel, green homes, sustainable packaging and climate-friendly investment products are all marketed with environmental claims. Regulators elsewhere have begun to act against misleading green claims, and local advertising standards apply to environmental claims as they do to any other. Investors, too, have an interest: a company whose climate claims unravel faces reputational and legal risk.</p>
<h2>Red flags</h2>
<p>Vague terms such as carbon neutral products without explanation, targets based on intensity that allow absolute emissions to rise, and sustainability claims that focus on a small part of the business while ignoring the main source of emissions should all prompt further questions.</p>
<blockquote><p>“A good climate claim is specific, measurable, time-bound and verified. If one of those is missing, ask why.”</p></blockquote>
<p>[TODO: add examples from South African advertising standards rulings; link to the Competition Commission and advertising regulator guidance; ask Sipho for mining examples; final edit before publication.]</p>`,
    categorySlugs: ['corporate-governance', 'governance', 'climate-change', 'environment'],
    authorKey: 'admin',
    status: 'draft',
    publishedAt: null,
    createdAt: '2026-11-15T10:10:00+02:00',
    heroImage: 'net-zero-claims-magnifying-glass.webp',
    imageReference: null,
  },
];
