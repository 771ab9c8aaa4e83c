import type { SeedArticle } from './types.ts';

/** Environment: water, biodiversity, climate change and carbon pricing. */
export const articles2: SeedArticle[] = [
  {
    key: 'gauteng-water-security-lhwp',
    title: 'Gauteng’s water security: Lesotho Highlands delays leave little room for error',
    slug: 'gauteng-s-water-security-lesotho-highlands-delays-leave-little-room-for-error',
    excerpt:
      'Africa’s economic heartland depends on water transferred from the mountains of Lesotho. With the next phase of the scheme still years away, leaks, demand growth and municipal failures are squeezing supply.',
    bodyHtml: `<p>Gauteng produces about a third of South Africa’s economic output, yet it sits on a watershed with no large river of its own. The province relies on the Integrated Vaal River System, topped up by water transferred from the highlands of Lesotho through tunnels and dams built under the <strong>Lesotho Highlands Water Project</strong>. Phase II of that project, including the Polihali Dam, is meant to increase the transfer, but its completion has slipped, and the buffer between supply and demand has narrowed.</p>
<h2>A system running close to its limit</h2>
<p>Hydrologists have warned for years that demand in the Vaal system would outstrip the reliable yield before Phase II is complete, unless demand was reduced. A sequence of good rainfall years filled dams and masked the risk. But residents of parts of Johannesburg, Tshwane and Ekurhuleni have endured prolonged outages caused by infrastructure failures, power cuts at pump stations and reservoir levels that drop faster than they can be refilled.</p>
<ul>
<li>Non-revenue water, lost to leaks, theft and billing failures, exceeds 40% in some Gauteng municipalities.</li>
<li>Per capita consumption in the province remains well above the global average.</li>
<li>Maintenance backlogs at municipal water utilities run into billions of rand.</li>
</ul>
<h2>Bulk supplier versus municipalities</h2>
<p><a href="https://www.randwater.co.za">Rand Water</a>, the bulk supplier, has urged municipalities to stay within their allocated abstraction volumes, and has at times reduced pressure to protect reservoirs. Municipalities respond that their own systems are ageing and underfunded. The result is a blame game that residents experience as dry taps.</p>
<p>“The crisis in Gauteng is not primarily a crisis of rain. It is a crisis of pipes, people and money,” said Dr Refilwe Moloi, a water governance researcher at a Johannesburg university. “Even with Phase II complete, a system that loses four out of every ten litres before they reach a paying customer will always be fragile.”</p>
<h2>Climate risk adds pressure</h2>
<p>Climate projections for the Vaal catchment suggest higher temperatures and more variable rainfall, with longer dry spells punctuated by intense storms. That makes the system more vulnerable to drought and to flooding that damages infrastructure. Businesses with water-intensive operations, from beverage producers to data centres, are beginning to disclose water risk in their annual reports and to invest in on-site recycling.</p>
<blockquote><p>“Investors used to ask us about electricity. Now every site visit includes a question about water continuity and what our plan B is.”</p></blockquote>
<p>That comment came from the sustainability manager of a Gauteng-based food manufacturer, who asked that the company not be named because of ongoing negotiations with its municipality.</p>
<h2>What can be done now</h2>
<p>Experts point to measures that can be implemented before Phase II water arrives: aggressive leak detection and repair, pressure management, smart metering, and ring-fenced water revenues so that money collected for water is spent on water. The <a href="https://www.dws.gov.za">Department of Water and Sanitation</a> has also pushed for the professionalisation of municipal water services, including the possibility of separate water utilities.</p>
<p>For now, Gauteng is borrowing time. If the next drought arrives before the new tunnel delivers, the consequences for households and the economy could be severe. The work that reduces that risk is unglamorous, and it needs to start in every municipal depot.</p>`,
    categorySlugs: ['water', 'environment', 'cities-infrastructure', 'featured-stories'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-11-06T07:15:00+02:00',
    createdAt: '2026-11-04T11:00:00+02:00',
    heroImage: 'vaal-dam-low-levels-aerial.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
  },
  {
    key: 'cape-town-drought-lessons',
    title: 'Day Zero, revisited: what Cape Town’s drought taught African cities about demand',
    slug: 'day-zero-revisited-what-cape-town-s-drought-taught-african-cities-about-demand',
    excerpt:
      'Cape Town came within weeks of turning off its taps in 2018. The emergency measures that saved the city, and the investments that followed, now inform water planning from Windhoek to Nairobi.',
    bodyHtml: `<p>In early 2018, the phrase <strong>Day Zero</strong> entered the global vocabulary. Cape Town’s dams had fallen so low after three years of drought that the city was preparing to shut off most residential taps and distribute water from collection points. The day never came, because residents and businesses cut consumption by around half in a remarkably short period. Eight years on, the lessons of that crisis are being studied by cities across the continent.</p>
<h2>Demand management works, if people trust the message</h2>
<p>The most striking lesson was the power of demand reduction. Household consumption targets, steep block tariffs, pressure management and public dashboards showing dam levels combined to change behaviour. Researchers who studied the period found that clear, regular communication was crucial, and that trust eroded when messages were inconsistent.</p>
<ul>
<li>Water restrictions were tiered, and each tier was accompanied by tariff changes.</li>
<li>Pressure reduction across the network cut losses and consumption without visible restrictions.</li>
<li>Businesses installed recycling systems and boreholes, some of which have since been regulated more strictly.</li>
</ul>
<h2>Diversifying supply</h2>
<p>After the crisis, the <a href="https://www.capetown.gov.za">City of Cape Town</a> adopted a water strategy that aims to reduce reliance on rain-fed dams by adding groundwater from aquifers, water reuse and desalination. Progress has been steady but slower than originally planned, partly because the return of good rains reduced the sense of urgency.</p>
<p>“The biggest risk after a near-miss is complacency,” said Marlene Adonis, a former municipal water engineer who now consults for cities in southern Africa. “When dams fill up, budgets move to other priorities. The cities that learn from Cape Town are the ones that keep investing when it is raining.”</p>
<h2>Equity was the uncomfortable lesson</h2>
<p>The drought also exposed inequality. Residents of informal settlements, who already relied on communal taps, used a tiny fraction of the water consumed by suburban households with gardens and pools. Yet the burden of restrictions, queues and fear fell heavily on the poor. Advocates argue that future drought plans must guarantee a basic supply for every household, regardless of ability to pay.</p>
<blockquote><p>“Day Zero was talked about as if it would affect everyone equally. For many people in Khayelitsha, Day Zero was every day.”</p></blockquote>
<p>That observation came from Sizwe Mdlalose, a community activist who coordinated water access campaigns during the drought.</p>
<h2>Lessons exported</h2>
<p>Windhoek has long practised direct potable reuse, recycling wastewater into drinking water, and is often cited alongside Cape Town as a leader in water efficiency. Cities such as Nairobi, Harare and Gqeberha, which faced its own severe drought in 2022, have studied Cape Town’s communication campaigns and tariff structures. The <a href="https://www.wrc.org.za">Water Research Commission</a> has published research on behaviour change and municipal water management that draws heavily on the experience.</p>
<p>Climate projections suggest that the Western Cape will face more frequent droughts. Cape Town’s experience shows that cities can bend demand in an emergency. The harder task is building the supply, finances and trust that stop emergencies happening in the first place.</p>`,
    categorySlugs: ['water', 'environment', 'cities-infrastructure'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-07-29T08:00:00+02:00',
    createdAt: '2026-07-27T15:10:00+02:00',
    heroImage: 'theewaterskloof-dam-recovery.webp',
    imageReference: 'Photo: Fatima Hendricks / ESG Africa News',
  },
  {
    key: 'biodiversity-offsets-mining',
    title: 'Biodiversity offsets: can mining companies really pay their way out of habitat loss?',
    slug: 'biodiversity-offsets-can-mining-companies-really-pay-their-way-out-of-habitat-loss',
    excerpt:
      'South Africa’s biodiversity offset guidelines allow developers to compensate for residual damage by protecting land elsewhere. Ecologists say offsets can work, but only as a last resort with long-term funding.',
    bodyHtml: `<p>When a new mine, road or power line destroys habitat that cannot be avoided or restored, South African regulators can require the developer to secure and protect an equivalent area of habitat somewhere else. This is a <strong>biodiversity offset</strong>. National guidelines published by the environment department set out when offsets are appropriate and how they should be calculated. In practice, the approach has attracted both support and deep scepticism.</p>
<h2>The mitigation hierarchy</h2>
<p>Offsets are supposed to be the last step in a sequence known as the mitigation hierarchy. Developers must first avoid impacts, then minimise them, then rehabilitate damaged areas, and only then offset what remains. Critics argue that offsets are too often proposed early, as a way of securing approval for projects in sensitive areas.</p>
<ul>
<li><strong>Avoid:</strong> choose sites and layouts that keep away from threatened ecosystems.</li>
<li><strong>Minimise:</strong> reduce the footprint and intensity of impacts.</li>
<li><strong>Rehabilitate:</strong> restore disturbed areas during and after operations.</li>
<li><strong>Offset:</strong> compensate for residual, unavoidable loss.</li>
</ul>
<h2>Measuring like for like</h2>
<p>Ecosystems are not interchangeable. Grassland in Mpumalanga that feeds wetlands and rivers has different values from grassland in the Free State. Offset ratios, which determine how many hectares must be protected for each hectare lost, attempt to account for rarity, condition and risk. But ecologists warn that some ecosystems, particularly those already critically endangered, cannot be offset at all.</p>
<p>“You cannot offset the last remaining patch of a vegetation type,” said Dr Marike van der Walt, a conservation ecologist who has reviewed offset agreements for mining projects. “If the guidelines are applied properly, some projects should simply not be approved where they are proposed.”</p>
<h2>Who pays, and for how long</h2>
<p>An offset only works if the protected land is managed for decades. That requires legal protection, for example declaration as a nature reserve or a biodiversity stewardship agreement, and a funding mechanism such as an endowment trust. Several early offsets in South Africa were poorly funded, and land that was supposed to be protected has been degraded by grazing, fire and invasive species.</p>
<blockquote><p>“An offset without a trust fund is a promise without a budget. We need the money set aside upfront, ring-fenced and audited.”</p></blockquote>
<p>That was the position of Bongani Shabalala, a programme manager at a conservation non-profit that manages stewardship sites in the Highveld.</p>
<h2>Investor interest</h2>
<p>Biodiversity is rising up the agenda of investors, driven by the Taskforce on Nature-related Financial Disclosures and by lenders applying international performance standards. Mining companies listed on the <a href="https://www.jse.co.za">JSE</a> are increasingly asked to report on land and biodiversity impacts, including offsets. The <a href="https://www.sanbi.org">South African National Biodiversity Institute</a> maintains spatial data that helps identify where offsets are appropriate and where they are not.</p>
<p>Offsets are a tool, not a licence. Used carefully, they can add protected land to the national estate. Used carelessly, they give a veneer of responsibility to projects that should have been redesigned or relocated.</p>`,
    categorySlugs: ['biodiversity', 'environment', 'mining-resources'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-09-16T08:30:00+02:00',
    createdAt: '2026-09-15T10:45:00+02:00',
    heroImage: 'highveld-grassland-wetland-mine-edge.webp',
    imageReference: 'Photo: Sipho Ndlovu / ESG Africa News',
  },
  {
    key: 'ethiopia-gerd-power-exports',
    title: 'Ethiopia’s GERD at full operation: power exports rise as downstream diplomacy stalls',
    slug: 'ethiopia-s-gerd-at-full-operation-power-exports-rise-as-downstream-diplomacy-stalls',
    excerpt:
      'The Grand Ethiopian Renaissance Dam is now Africa’s largest hydropower plant, supplying electricity at home and to neighbours. Agreement with Egypt and Sudan on filling and drought rules remains elusive.',
    bodyHtml: `<p>The <strong>Grand Ethiopian Renaissance Dam (GERD)</strong> on the Blue Nile has been a source of national pride in Ethiopia and of deep anxiety downstream in Sudan and Egypt for more than a decade. With its turbines now operating, the dam has transformed Ethiopia’s power supply and made the country an exporter of electricity to its neighbours. The diplomatic questions it raised, however, are far from settled.</p>
<h2>Power at home and abroad</h2>
<p>Ethiopia’s government has said the dam will help connect millions of households that still lack electricity, and supply industrial parks. It has also signed agreements to export power to Djibouti, Kenya and Sudan through regional interconnectors. For the Eastern Africa Power Pool, GERD represents a large block of renewable generation that can help stabilise neighbouring grids.</p>
<ul>
<li>Hydropower output depends on rainfall in the Ethiopian highlands, which climate change may make more variable.</li>
<li>Domestic grid expansion has lagged behind generation, limiting how quickly households benefit.</li>
<li>Export revenues are important for a country facing foreign exchange shortages.</li>
</ul>
<h2>Downstream concerns</h2>
<p>Egypt relies on the Nile for almost all of its freshwater and has argued that the dam’s filling and operation could threaten its water security, particularly during prolonged droughts. Sudan has expressed concerns about the safety and coordination of its own dams downstream, though it could also benefit from more regulated flows and reduced flooding. Talks facilitated by the African Union and others have not produced a binding agreement on rules for filling and operating the dam in dry years.</p>
<p>“The technical solutions are not mysterious,” said Dr Hanna Tesfaye, a hydrologist who has worked with the <a href="https://www.nilebasin.org">Nile Basin Initiative</a>. “Data-sharing, joint drought protocols and coordinated release schedules are all feasible. What is missing is the political trust to sign them.”</p>
<h2>The climate dimension</h2>
<p>Climate models disagree on how rainfall over the Ethiopian highlands will change, which adds uncertainty to every country’s planning. A multi-year drought would test the system severely. Without agreed rules, each country would face pressure to act unilaterally, raising the risk of conflict.</p>
<blockquote><p>“The Nile will not care about sovereignty during a drought. Only cooperation will allocate shortage fairly.”</p></blockquote>
<p>That was the view of Ahmed Farouk, a water diplomacy researcher based in Khartoum before the war, now working from Nairobi.</p>
<h2>What it means for investors</h2>
<p>For investors in East African energy, GERD changes the regional power balance. Cheap hydropower could make other projects less competitive, while interconnectors create opportunities for trading. But political risk is significant, and lenders will watch the diplomatic track closely. The dam is a reminder that large infrastructure in shared river basins carries geopolitical as well as environmental risk.</p>
<p>The turbines are turning. The harder work of agreeing how to share a river under a changing climate continues.</p>`,
    categorySlugs: ['water', 'environment', 'energy', 'africa-briefing', 'current-news'],
    primaryCategorySlug: 'water',
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-10-21T08:00:00+02:00',
    createdAt: '2026-10-20T12:30:00+02:00',
    heroImage: 'blue-nile-dam-spillway.webp',
    imageReference: null,
  },
  {
    key: 'carbon-tax-phase-two',
    title: 'Carbon tax phase two: what higher rates and shrinking allowances mean for emitters',
    slug: 'carbon-tax-phase-two-what-higher-rates-and-shrinking-allowances-mean-for-emitters',
    excerpt:
      'South Africa’s carbon tax has entered its second phase, with the effective rate rising as tax-free allowances are reduced. Heavy emitters face larger bills, and the use of carbon offsets is coming under sharper scrutiny.',
    bodyHtml: `<p>South Africa introduced its <strong>carbon tax</strong> in June 2019, becoming one of the first developing economies to put an explicit price on greenhouse gas emissions. The first phase was deliberately gentle: generous tax-free allowances meant that most companies paid an effective rate far below the headline figure. The second phase changes that balance, and companies are recalculating their exposure.</p>
<h2>How the tax works</h2>
<p>The tax applies to direct emissions from fuel combustion, industrial processes and fugitive emissions above certain thresholds. A set of allowances reduces the taxable amount: a basic allowance, allowances for trade exposure and process emissions, a performance allowance for companies that beat sector benchmarks, and an offset allowance for companies that buy approved carbon credits.</p>
<ul>
<li>The headline rate rises each year on a published trajectory set by <a href="https://www.treasury.gov.za">National Treasury</a>.</li>
<li>In the second phase, several allowances are reduced, increasing the effective rate.</li>
<li>The tax is administered by <a href="https://www.sars.gov.za">SARS</a> as an environmental levy.</li>
</ul>
<h2>Who pays more</h2>
<p>Electricity generation, liquid fuels, steel, cement and chemicals account for most of the country’s emissions and most of the tax. Electricity generators were protected in the first phase by a mechanism that allowed the tax to be offset against an existing electricity levy, but this protection is being phased down. Analysts expect the cost to be reflected, at least partly, in electricity tariffs and fuel prices.</p>
<p>“The first phase was a signal. The second phase is a bill,” said Gerhard Nel, a tax partner who advises energy-intensive manufacturers. “Boards that treated carbon tax as a compliance line item are now asking for marginal abatement cost curves.”</p>
<h2>Offsets under scrutiny</h2>
<p>Companies can reduce their liability by surrendering eligible carbon offsets, within limits. The offset market has grown, but concerns about quality have grown with it. Investors and civil society groups want assurance that offsets represent real, additional and permanent reductions, and that local projects deliver benefits to communities.</p>
<blockquote><p>“A rand spent on a low-quality offset is a rand not spent on cutting your own emissions. The market needs stricter standards and public registries.”</p></blockquote>
<p>That was the view of Zinhle Nkosi, who runs a Johannesburg-based carbon market advisory firm.</p>
<h2>Linking to the Climate Change Act</h2>
<p>The carbon tax now operates alongside the Climate Change Act, which introduces sectoral emission targets and company-level carbon budgets. Policymakers have signalled that exceeding a carbon budget will attract a higher tax rate. That creates a combined regime in which both the price and the quantity of emissions are managed, and companies need a coherent strategy for both.</p>
<h2>Revenue recycling</h2>
<p>One criticism of the tax has been that its revenue flows into the general fiscus rather than supporting the transition. Proposals to ring-fence some revenue for energy efficiency, public transport or support for affected workers have not been adopted in full. As the tax bites harder, that debate will intensify.</p>
<p>Carbon pricing works best when it is predictable and rising. South Africa has built the machinery. The second phase will show whether the price is high enough to change investment decisions.</p>`,
    categorySlugs: ['carbon-markets', 'sustainable-finance', 'regulation-policy', 'governance', 'featured-stories'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-10-28T07:30:00+02:00',
    createdAt: '2026-10-27T09:40:00+02:00',
    heroImage: 'steel-plant-emissions-vanderbijlpark.webp',
    imageReference: 'Photo: Sipho Ndlovu / ESG Africa News',
  },
  {
    key: 'kzn-blue-carbon-seagrass',
    title: 'Mangroves to seagrass: KwaZulu-Natal’s blue carbon projects attract first investors',
    slug: 'mangroves-to-seagrass-kwazulu-natal-s-blue-carbon-projects-attract-first-investors',
    excerpt:
      'Coastal wetlands store large amounts of carbon and protect shorelines. Pilot projects in KwaZulu-Natal estuaries are testing whether carbon credits can fund restoration and benefit local fishing communities.',
    bodyHtml: `<p>Along the KwaZulu-Natal coast, mangrove forests and seagrass meadows do quiet but valuable work. They shelter juvenile fish, filter sediment, buffer shorelines against storms and lock away carbon in waterlogged soils, often more per hectare than terrestrial forests. This stored carbon is known as <strong>blue carbon</strong>, and a small number of pilot projects are now testing whether it can be monetised through carbon credits.</p>
<h2>How blue carbon credits work</h2>
<p>Project developers restore or protect coastal ecosystems and measure the resulting carbon stored or emissions avoided. Independent verifiers check the calculations against a recognised methodology, and credits are issued for sale. Buyers can include South African companies seeking offsets under the carbon tax, as well as international companies with voluntary climate targets.</p>
<ul>
<li>Measurement is complex because most carbon is stored in soils rather than above-ground biomass.</li>
<li>Projects must show that the carbon would have been lost without intervention.</li>
<li>Permanence is a concern in estuaries affected by sea-level rise, floods and development pressure.</li>
</ul>
<h2>Community benefits</h2>
<p>Estuaries in KwaZulu-Natal are used by subsistence fishers, harvesters of mangrove wood and small-scale tourism operators. Projects that restrict access without offering alternatives risk conflict. The pilots have tried to involve communities from the start, employing local people as monitors and restoration workers and sharing a portion of credit revenue.</p>
<p>“We were sceptical at first because we thought they would fence off the estuary,” said Themba Mthembu, a fisher from a community near Richards Bay who now works as a restoration monitor. “Now we are planting, and we are seeing more fish in the channels. But the money from carbon must reach the village, not stay in Durban.”</p>
<h2>Investor appetite</h2>
<p>Interest in nature-based carbon credits has fluctuated, with prices hit by controversies over the quality of some forest projects elsewhere. Blue carbon projects are small and expensive to measure, but they often command higher prices because of their co-benefits for biodiversity and livelihoods. A local asset manager has taken a stake in one pilot, describing it as a learning investment.</p>
<blockquote><p>“We are paying for learning as much as for carbon. If the methodology holds up and communities are genuinely involved, this could be a template for the entire coastline.”</p></blockquote>
<p>That comment came from Lauren Maharaj, head of impact investment at the asset manager, which manages retirement savings for several public sector funds.</p>
<h2>The policy gap</h2>
<p>South Africa’s offset rules under the carbon tax set eligibility criteria for projects, and the government has been updating its approach to carbon markets to align with international rules under the Paris Agreement. Developers say clearer guidance on coastal projects, land tenure in estuaries and benefit-sharing would help attract more capital. The <a href="https://www.dffe.gov.za">Department of Forestry, Fisheries and the Environment</a> is responsible for estuary management and for South Africa’s climate commitments.</p>
<p>Blue carbon will never offset more than a fraction of the country’s emissions. But it can pay for the restoration of ecosystems that protect coastlines and support livelihoods, which may be its most important contribution.</p>`,
    categorySlugs: ['biodiversity', 'environment', 'carbon-markets', 'sustainable-finance'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-08-12T08:00:00+02:00',
    createdAt: '2026-08-10T14:00:00+02:00',
    heroImage: 'mangrove-estuary-kwazulu-natal.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'limpopo-heat-health',
    title: 'Heatwaves and hospital wards: climate health risks climb up Limpopo’s agenda',
    slug: 'heatwaves-and-hospital-wards-climate-health-risks-climb-up-limpopo-s-agenda',
    excerpt:
      'Extreme heat is becoming more frequent in Limpopo, where many clinics lack cooling and households cannot afford fans. Health workers are asking for heat action plans before summer peaks.',
    bodyHtml: `<p>In the lowveld towns of Limpopo, temperatures above 40°C were once unusual. Over the past decade they have become a regular feature of summer. Health workers in the province say they are seeing the consequences: more patients with dehydration and heat exhaustion, worsening conditions for people with heart and kidney disease, and pregnant women at greater risk. Yet few clinics have the cooling or the protocols to respond.</p>
<h2>The invisible disaster</h2>
<p>Heat rarely makes headlines the way floods do, because its effects are spread out and often recorded as other causes of death. International studies show that heat-related mortality rises sharply during heatwaves, especially among the elderly, young children and outdoor workers. The <a href="https://www.weathersa.co.za">South African Weather Service</a> issues heatwave warnings, but translating those warnings into action at community level remains a challenge.</p>
<ul>
<li>Many rural clinics have corrugated iron roofs and no air conditioning.</li>
<li>Medicines and vaccines can be damaged when storerooms overheat during power or equipment failures.</li>
<li>Farmworkers and construction workers face long hours in direct sun without mandatory rest breaks.</li>
</ul>
<h2>Voices from the wards</h2>
<p>“On the hottest days we see elderly patients who have been alone at home without water,” said Sister Mpho Ramaano, a professional nurse at a district hospital in Vhembe. “By the time they arrive, they are confused and their kidneys are struggling. Many of these cases are preventable with simple measures.”</p>
<p>Community health workers in some districts have begun door-to-door checks on vulnerable residents during heatwaves, modelled on practices in other countries. Those programmes depend on donor funding and are not yet part of routine provincial planning.</p>
<h2>Heat action plans</h2>
<p>Cities in India and the United States have reduced heat deaths through <strong>heat action plans</strong>, which combine early warning, public communication, cooling centres, changes to working hours and training for health workers. South African researchers have called for similar plans at district level, integrated into disaster management frameworks.</p>
<blockquote><p>“We know what works. It is not expensive technology. It is coordination between the weather service, municipalities, clinics and employers, and it must be in place before the first heatwave, not after.”</p></blockquote>
<p>That was the message from Dr Tshilidzi Netshitenzhe, a public health researcher who studies climate and health in northern South Africa.</p>
<h2>The ESG angle</h2>
<p>For employers in agriculture, mining and construction, heat is becoming a material occupational health and safety risk. Investors are beginning to ask companies how they protect outdoor workers, including through shade, water, rest breaks and adjusted shifts. Labour inspectors could also play a larger role in enforcing existing duties of care.</p>
<p>Climate adaptation is often discussed in terms of sea walls and drought-resistant crops. In Limpopo, it may look like a shaded waiting area, a working fridge for insulin and a phone call to an elderly neighbour.</p>`,
    categorySlugs: ['climate-change', 'environment', 'community-development', 'social'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-11-12T08:00:00+02:00',
    createdAt: '2026-11-10T13:25:00+02:00',
    heroImage: 'rural-clinic-limpopo-heat.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
  },
  {
    key: 'climate-change-act-sector-targets',
    title: 'Draft regulations under the Climate Change Act open for comment on sector emission targets',
    slug: 'draft-regulations-under-the-climate-change-act-open-for-comment-on-sector-emission-targets',
    excerpt:
      'The environment department has published draft regulations setting out how sector emission targets and company carbon budgets will work. Industry bodies and civil society have a limited window to respond.',
    bodyHtml: `<p>South Africa’s <strong>Climate Change Act</strong> moved another step closer to full implementation this week with the publication of draft regulations on sectoral emission targets and carbon budgets for large emitters. The documents, released by the <a href="https://www.dffe.gov.za">Department of Forestry, Fisheries and the Environment</a>, set out how emission limits will be allocated to sectors such as energy, transport, industry and agriculture, and how individual companies will be assigned and monitored against carbon budgets.</p>
<h2>What the drafts propose</h2>
<p>According to the draft regulations, sector departments will be responsible for developing and implementing measures to meet their sector targets, while companies above specified emission thresholds will be required to submit mitigation plans showing how they intend to stay within their carbon budgets.</p>
<ul>
<li>Carbon budgets would cover multi-year periods aligned with the country’s nationally determined contribution.</li>
<li>Companies would report emissions annually through the national greenhouse gas reporting system.</li>
<li>Emissions above a company’s budget would attract a higher carbon tax rate.</li>
</ul>
<h2>Early reactions</h2>
<p>Industry associations welcomed the clarity but warned that the timelines were tight. “Our members need certainty on baselines and methodologies before budgets are finalised,” said a spokesperson for an industrial energy users’ association, speaking on condition that the organisation not be named until its formal submission is lodged. Environmental groups, by contrast, said the proposed targets were not ambitious enough to align with the goals of the Paris Agreement.</p>
<p>Palesa Motaung, a climate policy researcher at an independent think tank in Johannesburg, said the regulations were a significant step. “For the first time, emission limits will be allocated to specific sectors and companies. The details of how budgets are set and enforced will determine whether this is a real cap or a paper exercise.”</p>
<h2>What it means for companies</h2>
<p>For large emitters, the practical consequence is a new layer of planning and reporting. Companies that already report under the national greenhouse gas reporting regulations will have a head start, but mitigation plans require more: a credible pathway, the investments needed to follow it, and an explanation of how the company will respond if it falls behind. Tax advisers note that the interaction between carbon budgets and the carbon tax will make emissions forecasting a board-level financial issue rather than a technical one.</p>
<ul>
<li>Sectors with long-lived assets, such as cement, steel and liquid fuels, face the hardest choices.</li>
<li>Companies that have already invested in efficiency and renewable energy may find their budgets easier to meet.</li>
<li>Smaller emitters below the thresholds will not receive budgets but may be affected through supply chains.</li>
</ul>
<h2>How to comment</h2>
<p>Members of the public, companies and organisations can submit written comments to the department within the period specified in the Government Gazette notice. Public consultation workshops are expected in several provinces. Stakeholders are encouraged to read the drafts alongside the carbon tax legislation, because the two instruments are designed to work together.</p>
<p>ESG Africa News will publish a detailed analysis of the drafts, including sector-by-sector implications, in the coming weeks.</p>`,
    categorySlugs: ['latest-news', 'current-news', 'regulation-policy', 'governance', 'climate-change', 'environment'],
    primaryCategorySlug: 'regulation-policy',
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-11-21T09:15:00+02:00',
    createdAt: '2026-11-21T07:50:00+02:00',
    heroImage: 'government-gazette-climate-regulations.webp',
    imageReference: null,
  },
  {
    key: 'vaal-river-sewage-emfuleni',
    title: 'Vaal River pollution: Emfuleni sewage upgrade timeline slips again',
    slug: 'vaal-river-pollution-emfuleni-sewage-upgrade-timeline-slips-again',
    excerpt:
      'Raw sewage continues to flow into the Vaal River from failing treatment works in Emfuleni. An upgrade programme has missed another milestone, and downstream farmers and residents are running out of patience.',
    bodyHtml: `<p>Residents of towns along the Vaal River have again been told to wait for relief from sewage pollution. The upgrade of wastewater treatment works and pump stations in the <strong>Emfuleni Local Municipality</strong>, which has been under national intervention for several years, has missed another completion milestone, according to a progress report tabled at a stakeholder meeting this week.</p>
<h2>A long-running crisis</h2>
<p>The Vaal River is a critical water source for Gauteng and downstream users. Sewage spills from broken pipelines and overloaded treatment works in Emfuleni have contaminated the river for years, prompting an inquiry by the <a href="https://www.sahrc.org.za">South African Human Rights Commission</a> and a national intervention led by the Department of Water and Sanitation.</p>
<ul>
<li>Several pump stations remain partly operational because of vandalism, theft and power interruptions.</li>
<li>Treatment works are operating above their design capacity.</li>
<li>Water quality tests downstream regularly exceed safe limits for E. coli.</li>
</ul>
<h2>Reasons for the delay</h2>
<p>Officials cited contractor disputes, theft of cables and equipment, and delays in procurement as reasons for the slippage. Community representatives said they had heard similar explanations before. “Every year there is a new date, and every year the river smells the same,” said Johannes Mofokeng, a member of a residents’ forum in Vanderbijlpark.</p>
<p>A report presented at the meeting showed that only part of the planned refurbishment of the largest treatment works had been completed, and that new pumps installed last year had already been damaged by cable theft at two sites. Community monitors, trained by a local environmental group to take water samples, said their own results matched the official data showing high bacterial counts below the main outfalls.</p>
<h2>Downstream impact</h2>
<p>Farmers who irrigate from the river say they face losses because of restrictions on produce exports and higher testing costs. Tourism operators on the river have reported cancellations. Environmental groups have warned that the ecological health of the river is deteriorating, with fish kills reported after major spills.</p>
<h2>Calls for accountability</h2>
<p>Civil society organisations that have monitored the river for years called for a public, independently verified progress dashboard showing the status of each pump station and treatment works, and for consequences when contractors miss deadlines. Some downstream municipalities and agricultural associations have also asked for a formal role in overseeing the programme, arguing that they carry much of the cost of the pollution.</p>
<p>Officials at the stakeholder meeting said the programme remained a priority and that additional security measures had been introduced at pump stations. A revised timeline is expected to be presented to the forum next month.</p>`,
    categorySlugs: ['latest-news', 'current-news', 'water', 'environment'],
    primaryCategorySlug: 'water',
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-08-02T10:00:00+02:00',
    createdAt: '2026-08-02T07:30:00+02:00',
    heroImage: 'vaal-river-sewage-spill-vanderbijlpark.webp',
    imageReference: 'Photo: Fatima Hendricks / ESG Africa News',
    archived: true,
  },
];
