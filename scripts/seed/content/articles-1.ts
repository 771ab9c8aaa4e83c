import type { SeedArticle } from './types.ts';

/** Energy transition, renewables and green hydrogen. */
export const articles1: SeedArticle[] = [
  {
    key: 'jet-ip-three-years-on',
    title: 'Inside the Just Energy Transition Investment Plan: three years on, where has the money gone?',
    slug: 'inside-the-just-energy-transition-investment-plan-three-years-on-where-has-the-money-gone',
    excerpt:
      'South Africa’s Just Energy Transition Investment Plan promised a R1.5 trillion reshaping of the economy. Three years later, the loans are flowing faster than the grants, and the communities meant to benefit are still waiting.',
    bodyHtml: `<p>When South Africa unveiled its <strong>Just Energy Transition Investment Plan (JET IP)</strong> in November 2022, it came with a headline number designed to focus minds: roughly R1.5 trillion needed over five years to decarbonise the power sector, build new industries such as green hydrogen and electric vehicles, and cushion the workers and towns that depend on coal. Three years into that window, ESG Africa News reviewed public progress reports, parliamentary replies and project disclosures to answer a simple question: where has the money actually gone?</p>
<h2>Loans first, grants a distant second</h2>
<p>The short answer is that most of the international money has arrived, or been committed, as loans. Concessional debt from development finance institutions dominates the pledges from the International Partners Group, while grant funding remains a single-digit share of the total. That matters because the parts of the plan that do not generate a revenue stream, such as retraining programmes, municipal capacity and social protection in coal towns, are precisely the parts that cannot easily service debt.</p>
<p>“Everyone agrees on the principle that the just part of the transition should be grant-funded,” said Lindiwe Sithole, a climate finance analyst at the Centre for Transition Economics, a Pretoria-based think tank. “But when you follow the money, the grant envelope is thin and heavily weighted to technical assistance and studies. The people in eMalahleni do not experience a feasibility study as justice.”</p>
<h2>Transmission is the quiet winner</h2>
<p>The largest single destination for committed finance is the electricity grid. Transmission lines into the Northern, Western and Eastern Cape, where wind and solar resources are strongest, have become the binding constraint on new renewable projects. Finance earmarked for grid strengthening and the independent transmission programme has moved faster than almost any other workstream, in part because the business case is clear and the counterparties are familiar to lenders.</p>
<ul>
<li><strong>Electricity:</strong> grid expansion, early repurposing of coal plants, and support for distributed generation.</li>
<li><strong>New energy vehicles:</strong> incentives and supplier development for local manufacturing, which remains slow.</li>
<li><strong>Green hydrogen:</strong> feasibility and port infrastructure studies, largely in the Northern Cape.</li>
<li><strong>Skills and municipalities:</strong> the smallest envelopes, and the most dependent on grants.</li>
</ul>
<h2>The Mpumalanga test</h2>
<p>For many observers the real measure of the plan is what happens in Mpumalanga, home to most of Eskom’s coal fleet. Decommissioning schedules have shifted repeatedly as the utility balanced emission limits against the need to keep the lights on. Each delay pushes back the date when repurposing projects, solar plants on former power station sites, training centres and new small businesses, can begin to replace lost income.</p>
<blockquote><p>“The plan was always going to be judged in the coal towns, not in Sandton boardrooms. If a welder in Komati cannot see a path to the next job, the plan has failed no matter how much money has been disbursed.”</p></blockquote>
<p>That assessment came from Mandla Zwane, who coordinates a network of community advice offices in the Nkangala district. His organisation has been tracking the number of local people employed on repurposing projects and says the figures remain modest relative to the workforce that will eventually be affected.</p>
<h2>What to watch in 2027</h2>
<p>The JET IP was framed as a five-year plan, which means its first cycle ends in 2027. Attention is now shifting to what replaces it. Officials have signalled that the next iteration will put more emphasis on private capital, blended finance structures and local currency lending to reduce foreign exchange risk. Civil society groups, meanwhile, want binding targets for grant funding and clearer public reporting at project level.</p>
<p>Progress reports are published by the <a href="https://www.climatecommission.org.za">Presidential Climate Commission</a> and National Treasury, and the <a href="https://www.dffe.gov.za">Department of Forestry, Fisheries and the Environment</a> is responsible for the country’s climate commitments under the Paris Agreement. Our analysis of those documents found that project-level disclosure has improved, but that it remains difficult to trace a rand from pledge to community.</p>
<p>The plan has undeniably mobilised capital and concentrated political attention on the grid. Whether it delivers a transition that is both fast and fair will depend on decisions taken in the next eighteen months, and on whether the smallest budget lines get the biggest attention.</p>`,
    categorySlugs: ['just-energy-transition', 'energy', 'sustainable-finance', 'featured-stories'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-11-19T07:30:00+02:00',
    createdAt: '2026-11-17T15:40:00+02:00',
    heroImage: 'coal-power-station-mpumalanga-dusk.webp',
    heroImageCaption: 'Wind farms in the Eastern Cape are among the projects the plan was meant to speed up.',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
    isMain: true,
  },
  {
    key: 'wheeling-rules-private-power',
    title: 'Wheeling rules unlock private power as load-shedding fades from the headlines',
    slug: 'wheeling-rules-unlock-private-power-as-load-shedding-fades-from-the-headlines',
    excerpt:
      'Companies are signing contracts to move privately generated renewable electricity across Eskom’s network. The wheeling framework is maturing, but grid capacity and municipal tariffs remain stumbling blocks.',
    bodyHtml: `<p>For most of the past decade, South African businesses measured their energy strategy in stages of load-shedding. Today the conversation in boardrooms has shifted to a less dramatic but more consequential word: <strong>wheeling</strong>. The practice of transporting electricity generated by a private producer across the national or municipal grid to a buyer elsewhere is moving from pilot deals to standardised contracts.</p>
<h2>How wheeling works</h2>
<p>In a wheeling arrangement a wind or solar farm, often in the Northern or Eastern Cape, injects power into the grid. The buyer, perhaps a retailer in Gauteng or a smelter in KwaZulu-Natal, is credited for that energy on its bill and pays a network charge to the grid owner. Traders have emerged to aggregate supply from several projects and sell it on to many buyers, smoothing out the intermittency of individual plants.</p>
<ul>
<li>Generators sell energy under long-term power purchase agreements, typically 10 to 20 years.</li>
<li>Network charges are set through tariffs approved by the <a href="https://www.nersa.org.za">National Energy Regulator of South Africa</a>.</li>
<li>Municipal networks require separate agreements, and only a minority of metros have workable frameworks.</li>
</ul>
<h2>Municipalities are the bottleneck</h2>
<p>Where the buyer is connected to a municipal network rather than directly to Eskom, the deal must also work for the city. Many municipalities rely on electricity sales to cross-subsidise other services, and they are wary of losing their biggest customers. “Metros are not opposed to wheeling, they are afraid of it,” said Riaan Burger, a partner at an energy law practice in Cape Town. “A city that loses its top twenty industrial users without a fair network charge loses the money that pays for street lights and clinics.”</p>
<p>Several metros have published wheeling tariffs, and others are drafting them with support from national government. Developers say the variation between cities adds cost and slows transactions, and they are lobbying for a standard framework.</p>
<h2>Grid capacity is the hard limit</h2>
<p>Even with contracts signed, the physical grid sets the pace. Transmission capacity in the windiest and sunniest parts of the country is largely allocated. New lines take years to build, and a queue of projects is waiting for connection. Developers are responding by pairing solar with batteries, building in less congested areas, and in some cases funding grid upgrades themselves.</p>
<blockquote><p>“The easy connections have been used. Every new gigawatt now comes with a grid question attached, and that question is usually the longest item on the project timeline.”</p></blockquote>
<p>That was the view of Khanyisile Mabena, head of origination at a Johannesburg-based electricity trader, who said her company had more willing buyers than deliverable megawatts.</p>
<h2>Why it matters for ESG</h2>
<p>For listed companies, wheeling is becoming a core part of the decarbonisation story they tell investors. Scope 2 emissions, those linked to purchased electricity, are a large part of the footprint of South African firms because the grid remains coal-heavy. Contracts that deliver verifiable renewable energy allow companies to reduce reported emissions and hedge against future tariff increases.</p>
<p>Analysts caution that not every claim is equal. Investors are asking whether contracted power is additional, whether it is matched hour by hour with consumption, and whether certificates are being double-counted. As disclosure standards tighten, the quality of the underlying contract will matter as much as the headline percentage.</p>
<p>The fading of load-shedding from the front pages has given the market breathing room. The next phase will be judged on whether private power can scale fast enough to cut emissions without leaving municipalities and households to carry the cost of the old system.</p>`,
    categorySlugs: ['renewables', 'energy', 'latest-news', 'current-news', 'featured-stories'],
    primaryCategorySlug: 'renewables',
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-11-22T06:45:00+02:00',
    createdAt: '2026-11-21T17:20:00+02:00',
    heroImage: 'transmission-lines-karoo-sunrise.webp',
    imageReference: 'Photo: Sipho Ndlovu / ESG Africa News',
  },
  {
    key: 'reipppp-bid-window-grid',
    title: 'REIPPPP’s latest bid window: what the preferred bidders tell us about grid constraints',
    slug: 'reipppp-s-latest-bid-window-what-the-preferred-bidders-tell-us-about-grid-constraints',
    excerpt:
      'The newest round of South Africa’s renewable energy procurement programme favoured solar-plus-storage in less congested provinces. The pattern says as much about the transmission network as about technology costs.',
    bodyHtml: `<p>South Africa’s <strong>Renewable Energy Independent Power Producer Procurement Programme (REIPPPP)</strong> has been one of the continent’s most studied clean energy auctions since its first bid window in 2011. The announcement of preferred bidders in the latest window offers a snapshot of how the market has changed: prices remain competitive, but the map of winning projects has been redrawn by the limits of the grid.</p>
<h2>Fewer wind farms in the Cape, more storage</h2>
<p>In earlier rounds, wind projects in the Northern, Western and Eastern Cape dominated. This time, a larger share of the allocated capacity went to solar photovoltaic plants paired with battery storage, many of them in the Free State, North West and parts of Mpumalanga where transmission capacity is still available. Bidders were required to show that their connection was feasible, which effectively ruled out large parts of the country’s best resource areas.</p>
<ul>
<li>Solar-plus-storage projects offered dispatchable evening supply, which the system operator values highly.</li>
<li>Wind projects that did succeed were concentrated where recent grid upgrades had freed up capacity.</li>
<li>Economic development commitments, including local ownership and community trusts, remained a scored element.</li>
</ul>
<h2>Prices and the cost of capital</h2>
<p>Tariffs in the latest round stayed well below the cost of new coal or diesel generation, but they did not fall as steeply as in the programme’s early years. Developers point to higher interest rates, currency risk and the cost of batteries as the main reasons. “The technology is cheaper than ever, but money is more expensive than it was five years ago,” said Pieter Coetzee, chief financial officer of a mid-sized independent power producer. “The winning bids were the ones that solved the financing and the grid at the same time.”</p>
<h2>Community ownership under the spotlight</h2>
<p>Every REIPPPP project must allocate a share of ownership to a local community trust and spend a percentage of revenue on socio-economic and enterprise development. After more than a decade, researchers have started to evaluate whether those commitments delivered. The results are mixed. Some trusts have funded bursaries, clinics and early childhood centres; others have struggled with governance and have yet to pay dividends because project debt is serviced first.</p>
<blockquote><p>“Community ownership is a good idea that needs better plumbing. Trusts need independent trustees, transparent reporting and money that arrives before the loan is paid off in year eighteen.”</p></blockquote>
<p>That was how Dr Ayanda Ntuli, a development economist who has studied trusts in the Northern Cape, summarised her findings. She argued that future rounds should require public annual reporting by each trust and earlier distributions.</p>
<h2>What comes next</h2>
<p>The <a href="https://www.ipp-projects.co.za">Independent Power Producer Office</a> has indicated that further rounds will continue, alongside procurement of battery storage and gas-to-power. But many in the industry believe that the public procurement programme is no longer the main engine of growth. Private deals, enabled by wheeling and the removal of licensing thresholds for embedded generation, now account for a large share of new projects under construction.</p>
<p>The two tracks are complementary. Public auctions provide a stable anchor for financiers and a transparent price signal; private deals respond to corporate demand. Both depend on the same scarce resource: transmission capacity. Until new lines are energised, the map of who wins will be drawn by the grid, not by where the wind blows hardest.</p>`,
    categorySlugs: ['renewables', 'energy', 'featured-stories'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-10-14T08:00:00+02:00',
    createdAt: '2026-10-13T11:05:00+02:00',
    heroImage: 'solar-pv-battery-storage-free-state.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'northern-cape-green-hydrogen-water',
    title: 'Green hydrogen in the Northern Cape: Boegoebaai’s port ambitions meet water realities',
    slug: 'green-hydrogen-in-the-northern-cape-boegoebaai-s-port-ambitions-meet-water-realities',
    excerpt:
      'Plans for a green hydrogen export hub on the Northern Cape coast depend on vast amounts of desalinated water and renewable power. Local communities want to know what they will get in return.',
    bodyHtml: `<p>On a windswept stretch of the Northern Cape coast near the Namibian border, planners see the outline of a new industrial economy. The proposed port and industrial zone at <strong>Boegoebaai</strong> is central to South Africa’s ambition to produce green hydrogen and its derivatives, such as ammonia, for export to Europe and Asia. But hydrogen made by splitting water needs, first of all, water, and this is one of the driest regions in the country.</p>
<h2>Desalination is non-negotiable</h2>
<p>Electrolysers consume roughly nine litres of purified water for every kilogram of hydrogen produced, and more once cooling and treatment losses are included. At the scale envisaged for the region, that translates into large volumes that cannot come from the Orange River or local groundwater without harming farmers and towns. Project developers therefore assume desalination of seawater, which adds energy demand and produces brine that must be managed.</p>
<ul>
<li>Desalination adds only a small percentage to the cost of hydrogen, but it requires careful marine impact assessment.</li>
<li>Brine discharge near sensitive coastal ecosystems is a concern raised by fishers and conservation groups.</li>
<li>Surplus desalinated water could supply nearby towns such as Port Nolloth, if agreements are put in place early.</li>
</ul>
<h2>Communities want a water dividend</h2>
<p>In Namakwa district municipalities, water scarcity is already a daily reality. Residents of several towns depend on ageing pipelines and trucked water during outages. “If the hydrogen companies are going to build desalination plants, they should be sized to supply our people too,” said Elsabé Cloete, who chairs a residents’ association in the Richtersveld. “Otherwise we will watch the water go past us into a pipeline to Europe.”</p>
<p>Some developers have said publicly that they are open to shared water infrastructure. Critics argue that such promises need to be written into permits and offtake agreements, not left to corporate social responsibility budgets.</p>
<h2>Power and land</h2>
<p>Green hydrogen only counts as green if it is made with renewable electricity. The Northern Cape has excellent solar and wind resources, but the associated generation capacity would be several times larger than the region’s current installed base. That raises questions about land use, biodiversity corridors and the pace at which transmission infrastructure can be built.</p>
<blockquote><p>“We must avoid a situation where the best renewable sites are locked up for export molecules while the domestic grid still burns coal. Sequencing matters.”</p></blockquote>
<p>That warning came from Thabiso Mokoena, an energy systems modeller at a Cape Town university, who said policy should require that a share of new renewable capacity supports the national grid.</p>
<h2>Finance and offtake</h2>
<p>International interest is real but conditional. European buyers want long-term certainty on certification rules, and financiers want bankable offtake contracts. Development finance institutions and the <a href="https://www.idc.co.za">Industrial Development Corporation</a> have funded feasibility work, but final investment decisions on the largest projects have yet to be taken. Until they are, the port remains a plan rather than a construction site.</p>
<p>For the Northern Cape the stakes are high. Done well, green hydrogen could bring skilled jobs, water infrastructure and municipal revenue to one of the country’s most marginalised regions. Done badly, it risks becoming another enclave economy. The decisions taken on water, in particular, will show which path is chosen.</p>`,
    categorySlugs: ['green-hydrogen', 'energy', 'water', 'environment', 'featured-stories'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-09-30T09:00:00+02:00',
    createdAt: '2026-09-28T14:30:00+02:00',
    heroImage: 'northern-cape-coastline-boegoebaai.webp',
    imageReference: 'Photo: Fatima Hendricks / ESG Africa News',
  },
  {
    key: 'namibia-hydrogen-valley',
    title: 'Namibia’s hydrogen valley tests whether Africa can export sunshine',
    slug: 'namibia-s-hydrogen-valley-tests-whether-africa-can-export-sunshine',
    excerpt:
      'Namibia has positioned itself as an early mover in green hydrogen, with projects near Lüderitz and a national strategy to match. The sector’s progress will shape how investors view the rest of the region.',
    bodyHtml: `<p>Namibia has spent the past five years telling investors that its combination of strong sun, steady wind, sparse population and deep-water ports makes it one of the best places on earth to produce green hydrogen. The government has backed that message with a national strategy, a dedicated programme office and agreements with European partners. The question now is whether the flagship projects around <strong>Lüderitz</strong> and the so-called southern hydrogen valley can move from feasibility to construction.</p>
<h2>A national bet</h2>
<p>For a country of about three million people, the numbers being discussed are enormous. The largest proposed project envisages several gigawatts of wind and solar generation feeding electrolysers, with output converted to ammonia for shipping. Government has taken an equity option through a state-owned vehicle, hoping to capture a share of revenue rather than relying only on royalties and taxes.</p>
<ul>
<li>Land for the largest projects lies partly within or next to the Tsau //Khaeb National Park, raising biodiversity concerns.</li>
<li>Smaller pilot projects aim to produce hydrogen for local use in mining trucks, rail and fertiliser.</li>
<li>Skills programmes have been launched with vocational colleges to train technicians.</li>
</ul>
<h2>Environmental scrutiny</h2>
<p>Conservation groups have called for strict environmental assessments, pointing to the fragile desert ecosystems and coastal bird colonies near Lüderitz. “Nobody is against clean energy,” said Hilma Shikongo, a researcher with a Windhoek-based environmental organisation. “But the footprint of gigawatt-scale wind and solar, plus desalination and a port expansion, is not small. The assessments must be public and independent.”</p>
<h2>Lessons for the region</h2>
<p>South Africa, Mauritania, Morocco and Egypt are pursuing similar export strategies, and developers are watching Namibia closely. If its first large project reaches financial close on terms that are seen to benefit the country, it will strengthen the case for others. If costs rise and offtakers hesitate, the region could face a longer wait.</p>
<blockquote><p>“Hydrogen is a long game. The countries that win will be the ones that treat it as industrial policy, not just as an export commodity: local fertiliser, green steel, cleaner mining.”</p></blockquote>
<p>That perspective came from Dr Josephine Amutenya, an economist who advises regional development agencies. She pointed out that domestic use of hydrogen, for example to make fertiliser that Namibia currently imports, could provide a more stable early market than long-distance exports.</p>
<h2>Watching the finance</h2>
<p>Concessional funding from European development banks has supported early studies and infrastructure planning. Private investors, however, need confidence on long-term prices, certification of green ammonia and the reliability of shipping routes. Global interest in hydrogen has cooled somewhat as some projects elsewhere have been delayed or cancelled, and the costs of electrolysers have not fallen as quickly as hoped.</p>
<p>That makes the next two years decisive. Namibia has done much to prepare the ground. Whether sunshine and wind can become a major export will depend on decisions taken in boardrooms in Europe and Asia, as well as in Windhoek.</p>`,
    categorySlugs: ['green-hydrogen', 'energy', 'africa-briefing', 'current-news'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-08-18T08:30:00+02:00',
    createdAt: '2026-08-17T10:15:00+02:00',
    heroImage: 'luderitz-wind-turbines-desert.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'mpumalanga-coal-workers-reskilling',
    title: 'Mpumalanga coal workers weigh reskilling promises as Komati’s repurposing sets the template',
    slug: 'mpumalanga-coal-workers-weigh-reskilling-promises-as-komati-s-repurposing-sets-the-template',
    excerpt:
      'The conversion of the Komati power station into a solar, storage and training site was meant to show coal workers a way forward. Workers and unions say the results are real but far too small.',
    bodyHtml: `<p>At the gates of the former Komati power station near Middelburg, a sign advertises a training centre where coal boilers once roared. Komati was the first of Eskom’s coal plants to be shut down and repurposed, and it has become the most visited symbol of South Africa’s just energy transition. For the workers who spent decades there, the verdict is more complicated than the brochures suggest.</p>
<h2>What was promised</h2>
<p>The repurposing plan combined a solar photovoltaic plant, battery storage, a microgrid assembly facility and a training centre for welders, electricians and solar technicians. International lenders supported the project, and it was presented as a template for the dozen coal stations that will close over the next two decades.</p>
<ul>
<li>Permanent Eskom staff were largely redeployed to other power stations, often at a greater commuting distance.</li>
<li>Contract workers and employees of suppliers received far less support, and many lost income entirely.</li>
<li>Local businesses that depended on the station, from transport operators to food vendors, saw turnover fall sharply.</li>
</ul>
<h2>Workers’ perspective</h2>
<p>“The training is good, I will not lie about that,” said Jabulani Mahlangu, a former boiler maker who completed a solar installation course at the site. “But I earned more in one month at the station than I have earned in three months doing installations. The jobs are there, but they are short contracts.”</p>
<p>Unions have pressed for a more formal social plan, including income support while workers retrain, relocation assistance and a guarantee that new projects in the area hire locally. A labour researcher at a Johannesburg university, who asked not to be named because her study is under review, said that around two-thirds of the contract workers her team interviewed had not found stable employment a year after the shutdown.</p>
<h2>A template that needs revising</h2>
<p>Supporters of the project argue that Komati was always a pilot, and that its lessons are being built into plans for the next closures. They point to improved stakeholder engagement at other stations and to social labour plans being drafted earlier. Critics respond that the next stations to close, such as Hendrina and Grootvlei, employ far more people and sit in towns with fewer alternatives.</p>
<blockquote><p>“Komati showed that you can physically repurpose a coal plant. It did not yet show that you can repurpose a local economy. That is the harder part, and it takes ten years, not two.”</p></blockquote>
<p>That was the assessment of Nomsa Khoza, director of a community development trust in Nkangala, who argued that municipalities need direct funding to plan for life after coal, including new sources of revenue to replace the rates paid by power stations.</p>
<h2>What would make the difference</h2>
<p>Researchers and community groups point to a few measures that would make the next closures fairer: starting social plans at least five years before shutdown, covering contract workers and suppliers, funding municipalities directly, and measuring outcomes by household income rather than courses completed. The <a href="https://www.climatecommission.org.za">Presidential Climate Commission</a> has published a just transition framework that includes many of these principles. The test is whether they are applied with enough money behind them.</p>
<p>The Komati site now hums with a different kind of activity. Whether it becomes a model or a cautionary tale depends on what is learned before the next coal plant goes dark.</p>
<p><em>This article was updated to clarify the employment status of contract workers interviewed in the study.</em></p>`,
    categorySlugs: ['just-energy-transition', 'energy', 'labour-human-rights', 'social', 'featured-stories'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-10-02T07:00:00+02:00',
    createdAt: '2026-09-30T16:45:00+02:00',
    heroImage: 'komati-power-station-training-centre.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
    showEditedTag: true,
  },
  {
    key: 'kenya-geothermal-olkaria',
    title: 'Kenya’s geothermal edge: Olkaria and the case for baseload renewables',
    slug: 'kenya-s-geothermal-edge-olkaria-and-the-case-for-baseload-renewables',
    excerpt:
      'Geothermal power from the Rift Valley supplies a large share of Kenya’s electricity and gives the country one of the cleanest grids in Africa. Expansion plans are testing community relations around Olkaria.',
    bodyHtml: `<p>Few African countries can claim that most of their electricity comes from renewable sources. Kenya is one of them, and the reason lies beneath the floor of the Great Rift Valley. Steam from geothermal wells around <strong>Olkaria</strong>, near Lake Naivasha, drives turbines that provide a large share of the country’s power, running day and night regardless of weather.</p>
<h2>Why baseload matters</h2>
<p>Solar and wind are now the cheapest sources of new electricity in most markets, but they are variable. Geothermal offers something different: steady output that can underpin a grid with a growing share of intermittent renewables. That has allowed Kenya to retire much of its expensive diesel generation and keep emissions from power generation low.</p>
<ul>
<li>Geothermal plants have high upfront drilling costs and exploration risk, but low running costs once in operation.</li>
<li>Kenya’s state-owned generator, <a href="https://www.kengen.co.ke">KenGen</a>, operates most of the Olkaria capacity, alongside private producers.</li>
<li>Development finance institutions have historically shared exploration risk through risk-mitigation facilities.</li>
</ul>
<h2>Community relations under strain</h2>
<p>Expansion has not been without controversy. Maasai communities around Olkaria were resettled to make way for new wells and power plants, and some have complained that compensation and promised services did not match what was agreed. A complaint to an independent accountability mechanism of a development lender several years ago found shortcomings in how the resettlement was handled, and the episode remains a reference point for activists.</p>
<p>“Geothermal is clean for the atmosphere, but it is not automatically just for the people who live on the land,” said Naserian Lekishon, a community organiser from Narok County. “Every new well field must begin with free, prior and informed consent, not end with a complaint.”</p>
<h2>Exporting expertise</h2>
<p>Kenya is now exporting its geothermal know-how. Kenyan engineers and drilling rigs have worked on projects in Ethiopia, Djibouti and other East African Rift countries. The regional potential is large, but so are the risks. Exploration wells can fail, and governments with tight budgets struggle to carry the cost of dry holes.</p>
<blockquote><p>“Geothermal is the most African of renewable energy stories. The resource is here, the skills are increasingly here, and the missing piece is risk capital for exploration.”</p></blockquote>
<p>That was the view of Peter Otieno, an energy consultant in Nairobi, who argued that regional exploration funds backed by multilateral lenders could unlock several gigawatts across the Rift.</p>
<h2>Demand is the next challenge</h2>
<p>Paradoxically, Kenya’s clean generation sometimes exceeds what its grid can use at night, leading to curtailment. Policymakers are trying to stimulate demand through electric cooking, electric motorcycles, data centres and green industrial parks powered by geothermal steam. If they succeed, Olkaria could become the anchor of a low-carbon industrial zone, not just a power station.</p>
<p>For South African readers, the lesson is not that geothermal can be copied, as the resource is mostly absent south of the Zambezi. It is that a clean, reliable baseload, combined with careful attention to the communities who live beside it, can transform an electricity system within a generation.</p>`,
    categorySlugs: ['renewables', 'energy', 'africa-briefing', 'current-news'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-09-09T08:15:00+02:00',
    createdAt: '2026-09-08T12:00:00+02:00',
    heroImage: 'olkaria-geothermal-steam-rift-valley.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'morocco-noor-ouarzazate-decade',
    title: 'Morocco’s Noor Ouarzazate a decade on: lessons for concentrated solar across the continent',
    slug: 'morocco-s-noor-ouarzazate-a-decade-on-lessons-for-concentrated-solar-across-the-continent',
    excerpt:
      'Ten years after the first phase of Noor Ouarzazate came online, Morocco’s bet on concentrated solar power offers lessons on storage, cost, water use and the role of the state in clean energy.',
    bodyHtml: `<p>When the first phase of the <strong>Noor Ouarzazate</strong> solar complex began delivering power in 2016, it was hailed as one of the largest concentrated solar power (CSP) installations in the world. Rows of curved mirrors in the desert on the edge of the Atlas Mountains focused sunlight to heat a fluid, which could then generate electricity after sunset using molten salt storage. A decade later, the project remains a reference point for any African country considering large-scale solar.</p>
<h2>The storage argument</h2>
<p>CSP’s main selling point was its ability to store heat and produce power into the evening peak. At the time, batteries were too expensive to do the same at scale. Since then, the cost of photovoltaic panels and lithium-ion batteries has fallen sharply, and most new solar capacity worldwide, including in Morocco, is photovoltaic.</p>
<ul>
<li>CSP plants are more complex to operate and maintain than photovoltaic plants.</li>
<li>Molten salt storage still offers long-duration storage that batteries struggle to match economically.</li>
<li>Water for cleaning mirrors and cooling is a constraint in desert locations; later phases used dry cooling to reduce consumption.</li>
</ul>
<h2>The role of the state</h2>
<p>Morocco created a dedicated agency, <a href="https://www.masen.ma">Masen</a>, to plan, finance and own a share of its solar projects. The agency acquired land, secured concessional finance from development banks and signed power purchase agreements with private developers. That model lowered the cost of capital but left the state carrying significant financial risk, as the tariffs paid by the utility were higher than the wholesale price of power.</p>
<p>“Morocco paid a premium to be early, and it bought itself an industry and a reputation,” said Youssef El Amrani, an energy economist based in Rabat. “Other countries can now buy cheaper technology, but they will still need an institution that can plan the grid and de-risk land.”</p>
<h2>Lessons for South Africa</h2>
<p>South Africa also procured several CSP plants through its renewable energy programme in the Northern Cape. Those plants now provide valuable evening generation, but their tariffs were among the highest in the programme. Later rounds shifted towards photovoltaic plus batteries. Analysts say both countries demonstrate a similar lesson: early, expensive projects build capability and confidence, but procurement must adapt as technology costs change.</p>
<blockquote><p>“The question is no longer which technology is best. It is which combination, at which location, delivers reliable power at the lowest system cost.”</p></blockquote>
<p>That was how Karabo Seleka, a grid planner who has worked on projects in both countries, framed the choice facing policymakers today.</p>
<h2>Exporting clean power</h2>
<p>Morocco is now exploring exports of solar and wind power to Europe through undersea cables, as well as green hydrogen and ammonia. Those ambitions build on the institutional experience gained at Ouarzazate. Whether they succeed will depend on European demand, financing and the geopolitics of cross-border power trade.</p>
<p>For the rest of Africa, Noor remains both an inspiration and a caution: bold state-led projects can shift a country’s energy trajectory, but they must be designed with costs, water and technology change in mind.</p>`,
    categorySlugs: ['renewables', 'energy', 'featured-stories'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-08-05T08:00:00+02:00',
    createdAt: '2026-08-03T09:30:00+02:00',
    heroImage: 'noor-ouarzazate-csp-mirrors.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'nigeria-gas-flaring-programme',
    title: 'Nigeria’s gas flaring commercialisation programme: progress or paperwork?',
    slug: 'nigeria-s-gas-flaring-commercialisation-programme-progress-or-paperwork',
    excerpt:
      'Nigeria has pledged for decades to end routine gas flaring in the Niger Delta. A programme to auction flare sites to investors promised to turn waste into power and cooking gas. Results remain uneven.',
    bodyHtml: `<p>Drive through parts of the Niger Delta at night and the sky glows orange. For more than half a century, oil producers in Nigeria have burned off the natural gas that comes out of the ground with crude oil, because capturing and using it was more expensive than flaring it. The practice wastes energy, releases greenhouse gases and black carbon, and exposes nearby communities to pollution and heat.</p>
<h2>The commercialisation model</h2>
<p>Nigeria’s response has been a programme that auctions the rights to flared gas at specific sites to third-party investors, who install equipment to capture the gas and sell it as compressed natural gas, liquefied petroleum gas or electricity. The idea is to make flare reduction profitable rather than relying solely on penalties.</p>
<ul>
<li>Investors bid for flare sites and pay for the gas they capture.</li>
<li>Oil producers face flaring penalties, which were raised to encourage participation.</li>
<li>Captured gas can supply cooking gas to households that currently rely on firewood and kerosene.</li>
</ul>
<h2>Slow progress</h2>
<p>Satellite data compiled by international monitoring groups show that flaring volumes in Nigeria have declined over the past decade, but the country remains among the world’s largest flarers. Part of the decline reflects lower oil production due to theft and pipeline sabotage rather than better gas management. Several awarded flare sites have yet to see equipment installed, as investors struggle with financing, security and access.</p>
<p>“Many winners of the auction rounds have permits but no plant,” said Chinedu Okonkwo, an energy analyst at a Lagos-based research firm. “Without a reliable market for the gas and security on site, the paperwork does not translate into captured molecules.”</p>
<h2>Communities in the smoke</h2>
<p>For residents of communities near flare sites, the issue is not only climate change. Studies have linked flaring to respiratory illness, acid rain damage to roofs and crops, and noise. Community groups have gone to court repeatedly, and in some cases won judgments declaring flaring a violation of constitutional rights to life and dignity. Enforcement has been weak.</p>
<blockquote><p>“Our children have never seen a dark night. We are not asking for charity. We are asking for the law to be applied.”</p></blockquote>
<p>That plea came from Blessing Ekanem, who leads a women’s association in a community in Bayelsa State, where a flare has burned for decades within sight of the village school.</p>
<h2>The investor angle</h2>
<p>As international oil companies sell onshore assets to Nigerian independents, responsibility for flaring is shifting. Investors and lenders with climate commitments are asking new owners for credible flare reduction plans, and methane regulations in buyer markets could eventually penalise high-emission crude. That creates a commercial incentive that may prove stronger than domestic penalties.</p>
<p>Ending routine flaring would cut emissions, provide cleaner cooking fuel and improve health in the Delta. Nigeria has the policy framework. What it lacks is consistent execution, and that is where the next five years will be judged.</p>`,
    categorySlugs: ['climate-change', 'environment', 'energy', 'africa-briefing', 'current-news'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-08-26T09:00:00+02:00',
    createdAt: '2026-08-25T13:20:00+02:00',
    heroImage: 'niger-delta-gas-flare-night.webp',
    imageReference: 'Photo: Supplied',
  },
];
