import type { SeedArticle } from './types.ts';

/** Opinion and analysis. */
export const articles5: SeedArticle[] = [
  {
    key: 'opinion-load-shedding-retreat',
    title: 'Load-shedding’s retreat must not become an excuse to slow the energy transition',
    slug: 'load-shedding-s-retreat-must-not-become-an-excuse-to-slow-the-energy-transition',
    excerpt:
      'The lights are mostly on again, and the urgency has drained out of South Africa’s energy debate. That is exactly the moment to accelerate grid investment and coal retirement planning, not to relax.',
    bodyHtml: `<p>There is a particular kind of silence that settles over a country when a crisis recedes. For years, South Africans planned their days around load-shedding schedules. Today, with power cuts far less frequent, the energy debate has lost its urgency. Politicians talk about other things. Boards have moved energy security down the risk register. I understand the relief. I also think it is dangerous.</p>
<h2>The improvement is real, but fragile</h2>
<p>The recovery in electricity supply came from several sources: better maintenance at Eskom’s coal plants, the return of units that had been offline, and, crucially, the rapid growth of private solar on rooftops and in large projects. That last factor matters most. It was not a plan from the top that saved us; it was regulatory reform that allowed businesses and households to build their own generation.</p>
<p>But the coal fleet is old. Many stations are well past their design life, and their performance can deteriorate quickly. Meanwhile, the transmission grid that should carry new renewable power from the Cape provinces to Gauteng is years behind schedule. If we relax now, we risk a second crisis in the 2030s, just as the oldest coal plants must close.</p>
<h2>Three things we should do while the lights are on</h2>
<ul>
<li><strong>Build the grid at emergency speed.</strong> Transmission is the binding constraint on every renewable project. Private participation in transmission must move from pilot to programme.</li>
<li><strong>Plan coal retirements with communities, not for them.</strong> The decommissioning schedule should be published, stable and accompanied by funded social plans for each affected town.</li>
<li><strong>Fix municipal electricity finances.</strong> Rooftop solar and wheeling are eroding municipal revenue. Without a new funding model, cities will either block the transition or collapse under it.</li>
</ul>
<h2>Calm is an opportunity</h2>
<p>Crisis is a poor environment for long-term planning. Decisions taken under load-shedding were often expensive and short-term: diesel bills, emergency procurement, delayed closures. Calm gives us a window to make better decisions, to negotiate better finance and to bring labour and communities into the process.</p>
<blockquote><p>The worst outcome would be to treat the absence of load-shedding as proof that the energy problem is solved. It is not. It has merely been postponed.</p></blockquote>
<p>The investors and partners who have committed money to South Africa’s transition are watching whether we use this window well. So are the workers in Mpumalanga whose jobs depend on the timing of coal closures. We owe them a plan that is implemented at the pace the engineering requires, not at the pace the headlines demand.</p>
<p>The lights are on. Let us use them to read the plan and get on with it.</p>`,
    categorySlugs: ['opinion', 'just-energy-transition', 'energy'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-10-11T09:00:00+02:00',
    createdAt: '2026-10-10T14:00:00+02:00',
    heroImage: 'city-lights-johannesburg-night-grid.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
  },
  {
    key: 'opinion-disclosure-without-assurance',
    title: 'Climate disclosure without assurance is just marketing',
    slug: 'climate-disclosure-without-assurance-is-just-marketing',
    excerpt:
      'South African companies publish more climate information than ever. Too little of it has been independently checked. Until assurance becomes the norm, investors should treat unaudited claims with healthy scepticism.',
    bodyHtml: `<p>I have read a great many sustainability reports this year. They are longer, glossier and more sophisticated than they were five years ago. They contain emissions inventories, transition plans, scenario analyses and net-zero targets. What most of them do not contain is an independent assurance opinion covering the numbers that matter.</p>
<h2>Financial reporting learned this lesson long ago</h2>
<p>No serious investor would rely on a company’s financial statements if they had not been audited. We accept that management has incentives to present results favourably, and we require an independent professional to check. Yet we routinely accept climate data, which can affect valuation just as much, on trust.</p>
<p>Some companies do obtain limited assurance over selected indicators, usually Scope 1 and 2 emissions. That is a start. But limited assurance is a lower level of comfort than an audit, and it often covers only a small portion of the information presented. Targets, transition plans and Scope 3 estimates are rarely assured at all.</p>
<h2>Why it matters now</h2>
<ul>
<li>International standards, led by the ISSB, are moving towards mandatory disclosure, and assurance requirements will follow.</li>
<li>Banks and asset managers are using reported emissions to calculate their own financed emissions, compounding any errors.</li>
<li>Greenwashing claims are increasingly tested in courts and by regulators elsewhere, and South Africa will not be immune.</li>
</ul>
<h2>The excuses are wearing thin</h2>
<p>Companies say assurance is expensive and that data systems are not ready. Both are true, but neither is a reason to wait. Building robust data systems is precisely what the process of preparing for assurance forces a company to do. And the cost of assurance is small relative to the cost of capital that could rise if investors lose faith in disclosures.</p>
<blockquote><p>A climate target without a verified baseline is a promise written in pencil.</p></blockquote>
<p>The <a href="https://www.jse.co.za">JSE</a>’s climate disclosure guidance encourages companies to consider assurance. I would go further: boards should treat independent assurance of key climate metrics as a governance requirement, overseen by the audit committee with the same seriousness as financial controls.</p>
<h2>What investors can do</h2>
<p>Investors can ask three simple questions at every engagement. Which climate numbers in this report have been assured? At what level? By whom? The answers will quickly separate companies that are building credible systems from those that are producing marketing. Asset owners, such as pension funds, can also require their managers to report on the quality of the data they rely on.</p>
<p>South African companies have shown leadership in integrated reporting. They can show leadership again by making assured climate information the norm rather than the exception. Until then, read the glossy reports with a pencil in hand.</p>`,
    categorySlugs: ['opinion', 'corporate-governance', 'governance'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-09-05T09:00:00+02:00',
    createdAt: '2026-09-04T11:30:00+02:00',
    heroImage: 'auditor-reviewing-climate-data.webp',
    imageReference: null,
  },
  {
    key: 'opinion-carbon-tax-working',
    title: 'The carbon tax is working. Stop apologising for it',
    slug: 'the-carbon-tax-is-working-stop-apologising-for-it',
    excerpt:
      'South Africa’s carbon tax is routinely described as a burden on a struggling economy. The evidence suggests it is doing what it was designed to do, and the debate should shift to how its revenue is used.',
    bodyHtml: `<p>Every budget season, the carbon tax is wheeled out as a villain. Industry associations warn of job losses, commentators call it a tax on growth, and policymakers respond by emphasising how gentle and gradual it is. I think it is time to stop apologising. The carbon tax is one of the better-designed climate policies South Africa has, and it is starting to work.</p>
<h2>Prices change decisions</h2>
<p>In conversations with chief financial officers over the past year, I have heard the same thing repeatedly: the carbon tax has become a line in investment models. When a company compares a new boiler that burns coal with one that runs on electricity or biomass, the tax changes the answer. When it evaluates an energy efficiency project, the avoided tax improves the payback period. That is exactly how a carbon price is supposed to work.</p>
<ul>
<li>The tax is predictable, with a published trajectory that allows companies to plan.</li>
<li>Allowances have cushioned the transition for trade-exposed sectors.</li>
<li>Offsets have stimulated local carbon projects, despite quality concerns that need attention.</li>
</ul>
<h2>The jobs argument is overstated</h2>
<p>The tax’s effective rate has been low for most of its life. It is hard to argue that it has been a major factor in job losses compared with electricity shortages, logistics failures and weak demand. As the rate rises, some costs will be passed on. But the alternative, a carbon-intensive economy facing border carbon adjustments in its export markets, poses a far greater risk to jobs.</p>
<blockquote><p>If South African exporters do not pay a carbon price at home, they will increasingly pay one at the European border, and that money will flow to Brussels rather than Pretoria.</p></blockquote>
<h2>The real debate: revenue</h2>
<p>Where I agree with critics is on the use of revenue. The carbon tax flows into the general budget. That is defensible from a public finance perspective, but it is politically unwise. Visible recycling of some revenue, into public transport, energy efficiency for low-income households, or support for workers in affected regions, would build public support and directly advance the transition.</p>
<p><a href="https://www.treasury.gov.za">National Treasury</a> has historically resisted earmarking. But a partial, transparent allocation, reported annually, could be designed without undermining fiscal discipline. It would also answer the most persuasive criticism of the tax: that it takes money from the economy without visibly giving anything back.</p>
<h2>Hold the line</h2>
<p>The temptation in a weak economy is to delay the next increase, extend allowances, or widen offset limits. Each concession weakens the signal that investors rely on. The most valuable feature of a carbon price is its credibility. Policymakers should hold the line on the trajectory and focus their energy on using the revenue well.</p>`,
    categorySlugs: ['opinion', 'carbon-markets', 'sustainable-finance'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-11-04T09:00:00+02:00',
    createdAt: '2026-11-03T15:30:00+02:00',
    heroImage: 'industrial-chimney-carbon-price.webp',
    imageReference: null,
  },
  {
    key: 'opinion-refine-minerals-environment',
    title: 'Africa should refine its own minerals, but not at any environmental cost',
    slug: 'africa-should-refine-its-own-minerals-but-not-at-any-environmental-cost',
    excerpt:
      'Beneficiation is the right ambition for a continent tired of exporting raw ore. But refineries bring pollution, water demand and emissions. Getting the environmental rules right is part of getting the industrial policy right.',
    bodyHtml: `<p>For as long as I have been writing about mining, African leaders have argued that the continent should stop exporting raw materials and start adding value at home. The argument is compelling. Processing creates skilled jobs, builds industrial capability and captures a larger share of the value of mineral resources. With global demand for critical minerals surging, the moment seems right.</p>
<p>But I want to add a caution that is sometimes lost in the enthusiasm. Refining and processing are among the most polluting industrial activities on earth. If Africa becomes the world’s refinery without strong environmental rules, it will import pollution along with jobs.</p>
<h2>What refining involves</h2>
<ul>
<li>Large volumes of water, often in regions that are already water-stressed.</li>
<li>Significant electricity demand, which on most African grids still means fossil fuels.</li>
<li>Chemical reagents and waste streams, including acidic tailings and toxic residues, that require careful management.</li>
</ul>
<p>Elsewhere, communities near refineries have experienced contaminated water, air pollution and health impacts. We should learn from those experiences rather than repeat them.</p>
<h2>Standards are a competitive advantage</h2>
<p>Some argue that strict environmental rules will drive investors to other countries. I think the opposite is increasingly true. Buyers in Europe and North America are demanding low-carbon, responsibly produced materials. A refinery powered by renewable energy, with transparent environmental monitoring and community engagement, will command access to those markets. A dirty refinery will find fewer customers over time.</p>
<blockquote><p>The question is not whether Africa can afford high environmental standards. It is whether it can afford to build industries that the world’s most valuable markets will not buy from.</p></blockquote>
<h2>Lessons from home</h2>
<p>South Africa has its own cautionary tales. Acid mine drainage from abandoned gold mines on the Witwatersrand, air pollution on the Highveld from coal-fired power stations and smelters, and tailings dam failures have all imposed costs on communities and the state long after the profits were booked. Regulation was often weak when those operations were built, and the bill has been passed to taxpayers. We should not build the next generation of processing plants on the same terms.</p>
<h2>What good policy looks like</h2>
<p>Governments pursuing beneficiation should pair incentives with clear, enforced environmental requirements: rigorous impact assessments, water use limits, tailings management standards aligned with international practice, and public reporting of emissions and discharges. They should plan industrial zones alongside renewable energy and water infrastructure. And they should ensure that communities near processing sites share in the benefits and have a voice in decisions.</p>
<p>Beneficiation is the right goal. But its success should be measured not only by tonnes processed and jobs created, but by whether the air and water near the plants are still safe a generation from now. That is what a truly African value chain should look like.</p>`,
    categorySlugs: ['opinion', 'critical-minerals', 'mining-resources'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-08-15T09:00:00+02:00',
    createdAt: '2026-08-14T10:45:00+02:00',
    heroImage: 'smelter-furnace-refining.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'opinion-municipalities-water-future',
    title: 'Why municipalities, not megaprojects, will decide South Africa’s water future',
    slug: 'why-municipalities-not-megaprojects-will-decide-south-africa-s-water-future',
    excerpt:
      'Big dams and transfer schemes get the headlines. But most of South Africa’s water crisis is happening in municipal pipes, treatment works and billing systems, and that is where the money and skills should go.',
    bodyHtml: `<p>When South Africans talk about water security, the conversation often turns to big infrastructure: new dams, inter-basin transfers, desalination plants. These projects matter, and some are overdue. But after years of reporting on water outages from Gqeberha to Hammanskraal, I am convinced that the decisive battles are being fought somewhere much less visible: in municipal pump stations, pipe networks, treatment works and finance departments.</p>
<h2>The losses are local</h2>
<p>National data show that a large share of municipal water is lost or not paid for. Leaks, burst pipes, illegal connections, faulty meters and billing failures account for this non-revenue water. In some municipalities, more than half of the treated water never generates revenue. No megaproject can compensate for a system that loses water at that rate.</p>
<ul>
<li>Wastewater treatment works in many towns are failing, polluting rivers that other towns rely on for drinking water.</li>
<li>Skilled process controllers and engineers have left municipalities in large numbers.</li>
<li>Water revenue is often diverted to pay for other municipal expenses, leaving maintenance unfunded.</li>
</ul>
<h2>Where the solutions lie</h2>
<p>The solutions are not mysterious. Ring-fence water revenue so that it funds water services. Invest in leak detection, pressure management and metering. Pay and retain qualified technical staff. Publish performance data so residents can hold councils accountable. Where municipalities cannot manage, allow professional water utilities, regional or private, to operate services under strong public oversight.</p>
<blockquote><p>A new dam upstream does not help a household whose tap runs dry because a pump station has been vandalised and no one has fixed it for three weeks.</p></blockquote>
<h2>The role of national government</h2>
<p>The <a href="https://www.dws.gov.za">Department of Water and Sanitation</a>’s Blue Drop and Green Drop reports have provided valuable data on the state of municipal drinking water and wastewater treatment. They make uncomfortable reading. National government has the power to intervene in failing municipalities, and it should use it more consistently, with interventions that build capacity rather than simply taking over temporarily.</p>
<h2>A role for business</h2>
<p>Businesses increasingly depend on municipal water reliability, and some are partnering with municipalities on leak reduction, wastewater reuse and technical support. These partnerships can help, provided they are transparent and do not simply allow large users to secure supply at the expense of households.</p>
<p>South Africa is a water-scarce country, and climate change will make that scarcity more severe. That makes it all the more important to manage the water we already have. The future of our water security will be decided less by the size of our dams than by the competence of our municipalities.</p>`,
    categorySlugs: ['opinion', 'water', 'environment', 'cities-infrastructure'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-10-25T09:00:00+02:00',
    createdAt: '2026-10-24T12:00:00+02:00',
    heroImage: 'municipal-water-pipe-repair.webp',
    imageReference: 'Photo: Fatima Hendricks / ESG Africa News',
  },
  {
    key: 'opinion-esg-backlash-culture-wars',
    title: 'ESG backlash? African investors can’t afford the luxury of culture wars',
    slug: 'esg-backlash-african-investors-can-t-afford-the-luxury-of-culture-wars',
    excerpt:
      'In some markets, ESG has become a political battleground. For African investors, climate risk, water stress and social stability are not ideology. They are the fundamentals of long-term returns.',
    bodyHtml: `<p>Elsewhere in the world, environmental, social and governance investing has become a political football. Fund managers have dropped the acronym from marketing materials, some states have passed laws restricting ESG considerations in public pension funds, and commentators argue about whether ESG is a woke conspiracy or a moral necessity. Watching this debate from Johannesburg, I find it strangely remote.</p>
<h2>Risk is not ideology</h2>
<p>For an investor in African markets, the issues grouped under ESG are not abstract. They are the daily reality of the businesses we invest in. A manufacturer in Gauteng faces water outages. A mine in Limpopo faces community protests. A bank in Nairobi faces credit losses when drought hits its agricultural borrowers. A property company in Durban faces flood damage. A retailer across the continent faces supply disruptions from extreme weather. None of these is a political statement.</p>
<ul>
<li>Physical climate risk is already affecting asset values and insurance costs in Southern Africa.</li>
<li>Social stability, including inequality and unemployment, directly affects operating risk.</li>
<li>Governance failures, from state capture to corporate fraud, have destroyed billions of rand in value.</li>
</ul>
<h2>Fiduciary duty demands it</h2>
<p>South African regulation is clear that retirement funds should consider factors that affect the long-term sustainability of their investments, including ESG factors. That is not an ideological position; it is a recognition that long-term returns depend on long-term risks. The debate should be about how well we integrate these factors, not whether we should.</p>
<blockquote><p>You can rename ESG, rebrand it or stop using the acronym. You cannot stop the Vaal Dam from running low or a community from blocking a haul road.</p></blockquote>
<h2>Where criticism is fair</h2>
<p>This does not mean all ESG practice is good. Ratings from different providers often disagree wildly. Some funds labelled sustainable hold companies that are hard to distinguish from conventional portfolios. Exclusion strategies can withdraw capital from companies that most need it for their transition. African investors should be critical consumers of ESG products designed for other markets.</p>
<h2>An African approach</h2>
<p>What we need is an approach grounded in local materiality: what actually drives risk and opportunity for companies operating here. That means paying more attention to water, community relations, skills and energy security, and less to box-ticking exercises imported from elsewhere. It also means recognising the investment opportunities in renewable energy, water infrastructure, climate-smart agriculture and affordable housing that the transition creates.</p>
<p>Let others fight their culture wars. Our job is to understand risk, allocate capital wisely and help build economies that can thrive in a changing climate. That is not politics. That is investing.</p>`,
    categorySlugs: ['opinion', 'esg-investing', 'sustainable-finance'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-07-31T09:00:00+02:00',
    createdAt: '2026-07-30T13:15:00+02:00',
    heroImage: 'investor-meeting-cape-town.webp',
    imageReference: null,
  },
  {
    key: 'opinion-women-coal-towns',
    title: 'A just transition that ignores women in coal towns isn’t just',
    slug: 'a-just-transition-that-ignores-women-in-coal-towns-isn-t-just',
    excerpt:
      'Just transition plans focus on miners and power station workers, most of them men. But the women who run the informal economies of coal towns will bear much of the cost of closure, and they are rarely consulted.',
    bodyHtml: `<p>Visit any coal town in Mpumalanga and ask who will be affected when the mines and power stations close. The answer you will usually hear is the workers: miners, boiler makers, artisans, truck drivers. They are overwhelmingly men, and just transition plans are designed with them in mind. Retraining programmes, social plans and redeployment schemes all focus on formal employees.</p>
<p>That focus is understandable but incomplete. Coal towns are ecosystems. Around every mine and power station is an economy of spaza shops, food vendors, childminders, hairdressers, cleaners and landladies who rent rooms to workers. Much of that economy is run by women, and much of it is informal. When the coal stops, it collapses too.</p>
<h2>What women told me</h2>
<p>Over the past year I have spoken to women in eMalahleni, Middelburg and Komati about their experience of the transition so far. Their concerns were consistent:</p>
<ul>
<li>Loss of income from informal businesses that depend on workers’ wages.</li>
<li>Increased care burdens when household income falls and services deteriorate.</li>
<li>Exclusion from consultation meetings, which are often held at times and places that do not suit women with caring responsibilities.</li>
<li>Training opportunities that are geared towards technical trades with few female participants.</li>
</ul>
<p>“They ask the men what they need, and they tell us what we will get,” one woman who sells food outside a mine gate told me. She did not want to be named, because her husband still works at the mine.</p>
<blockquote><p>If the transition is measured only in retrained miners, we will miss half the town.</p></blockquote>
<h2>What a gender-just transition would look like</h2>
<p>First, plans should map the whole local economy, including informal businesses, before closures. Second, consultation should be designed so that women can participate: childcare, suitable times and women-only sessions where appropriate. Third, support should include small business finance, market access and training in sectors where women are already active, alongside technical trades. Fourth, investment in care infrastructure such as early childhood centres creates jobs and frees women’s time for paid work.</p>
<p>None of this is exotic. Development agencies have applied gender analysis to infrastructure projects for decades. What is missing is the expectation, from funders and government, that transition plans for coal towns must show who benefits by gender and who bears the cost.</p>
<p>The <a href="https://www.climatecommission.org.za">Presidential Climate Commission</a>’s just transition framework recognises gender as a dimension of justice. The task now is to put that recognition into budgets and project designs. The money flowing into the transition is substantial. A fair share of it should reach the women who hold coal towns together.</p>
<p><em>This column has been updated to correct the name of a town.</em></p>`,
    categorySlugs: ['opinion', 'just-energy-transition', 'energy', 'labour-human-rights', 'social'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-11-18T09:00:00+02:00',
    createdAt: '2026-11-17T12:20:00+02:00',
    heroImage: 'women-traders-emalahleni-market.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
    showEditedTag: true,
  },
  {
    key: 'opinion-nature-positive-disclosure',
    title: 'Nature-positive is the next disclosure frontier, and South African boards should get ready',
    slug: 'nature-positive-is-the-next-disclosure-frontier-and-south-african-boards-should-get-ready',
    excerpt:
      'Climate disclosure took a decade to mature. Nature-related disclosure is arriving faster. South Africa’s biodiversity-rich landscapes and nature-dependent industries mean boards cannot afford to be late.',
    bodyHtml: `<p>Ten years ago, few South African boards discussed climate risk in any depth. Today climate disclosure is expected of every large listed company, and boards are learning to oversee transition plans and scenario analysis. I believe the next frontier is already arriving: <strong>nature-related disclosure</strong>, and our boards should prepare now rather than repeat the slow learning curve of climate.</p>
<h2>Why nature matters here</h2>
<p>South Africa is one of the most biodiverse countries in the world, with unique ecosystems such as the fynbos of the Cape Floral Kingdom and the succulent Karoo. It is also home to industries that depend heavily on nature: agriculture, forestry, fishing, tourism, mining and water-intensive manufacturing. Many of those industries also have significant impacts on ecosystems.</p>
<ul>
<li>Agriculture depends on soil health, pollination and water from catchments.</li>
<li>Tourism depends on protected areas and healthy wildlife populations.</li>
<li>Mining affects land, water and biodiversity, often in sensitive areas.</li>
</ul>
<h2>The framework is ready</h2>
<p>The <a href="https://tnfd.global">Taskforce on Nature-related Financial Disclosures (TNFD)</a> has published recommendations that mirror the structure of climate disclosure: governance, strategy, risk management and metrics. A growing number of companies worldwide, including some in South Africa, have committed to reporting under the framework. Standard setters are considering how to incorporate nature into mandatory disclosure.</p>
<h2>Risks that are already material</h2>
<p>This is not a distant concern. Invasive alien plants reduce water flows from the catchments that supply Cape Town and Gauteng. Declining fish stocks affect coastal livelihoods and processors. Soil degradation reduces yields on farms that supply food companies and retailers. Wildlife tourism depends on protected areas that face pressure from poaching and land-use change. These are business risks with financial consequences, and some of them already appear in company risk registers under other names.</p>
<blockquote><p>Boards that learned climate the hard way have an opportunity to learn nature the easy way: early, voluntarily and on their own terms.</p></blockquote>
<h2>What boards should do now</h2>
<p>Start by understanding where the company’s operations and supply chains interact with sensitive ecosystems. The <a href="https://www.sanbi.org">South African National Biodiversity Institute</a> provides excellent spatial data for this. Identify the most material dependencies and impacts. Integrate nature into risk management and capital allocation. And ensure that the board has access to expertise on ecology and natural capital.</p>
<p>Nature is harder to measure than carbon. There is no single metric like tonnes of carbon dioxide. That complexity is a reason to start early, not to wait. Companies that build the data and the understanding now will be ready when disclosure becomes mandatory, and they will make better decisions in the meantime.</p>`,
    categorySlugs: ['opinion', 'biodiversity', 'environment', 'corporate-governance', 'governance'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-09-27T09:00:00+02:00',
    createdAt: '2026-09-26T11:00:00+02:00',
    heroImage: 'fynbos-table-mountain-protea.webp',
    imageReference: 'Photo: Fatima Hendricks / ESG Africa News',
  },
];
