import type { SeedArticle } from './types.ts';

/** Mining, agriculture and food, cities and infrastructure. */
export const articles4: SeedArticle[] = [
  {
    key: 'critical-minerals-industrial-contest',
    title: 'Critical minerals: Africa’s manganese, PGMs and cobalt at the centre of a new industrial contest',
    slug: 'critical-minerals-africa-s-manganese-pgms-and-cobalt-at-the-centre-of-a-new-industrial-contest',
    excerpt:
      'The energy transition runs on minerals that Africa holds in abundance. Governments want more processing at home, buyers want secure supply, and communities want a fair share. Aligning those interests is the challenge.',
    bodyHtml: `<p>Batteries, wind turbines, electric motors and electrolysers all depend on a set of minerals that governments now label <strong>critical</strong>. Africa is home to a large share of the world’s reserves of several of them: South Africa for manganese and platinum group metals (PGMs), the Democratic Republic of Congo for cobalt, Zimbabwe and Namibia for lithium, and Mozambique and Madagascar for graphite. As the United States, the European Union, China and others compete for secure supply, African governments are trying to turn geology into industrial development.</p>
<h2>From pit to plant</h2>
<p>Historically, most of these minerals left the continent as ore or concentrate, with processing and manufacturing capturing the value elsewhere. Governments are now using policy tools to change that: export restrictions on unprocessed ore, local beneficiation requirements, state participation and partnerships with foreign investors that include processing commitments.</p>
<ul>
<li>South Africa has published a critical minerals strategy emphasising beneficiation and exploration.</li>
<li>Several countries have restricted exports of raw lithium ore to encourage local processing.</li>
<li>The African Union’s Green Minerals Strategy calls for regional value chains rather than purely national ones.</li>
</ul>
<h2>The economics of processing</h2>
<p>Processing is energy-intensive, capital-intensive and requires skills and reliable infrastructure. Electricity constraints, logistics bottlenecks and policy uncertainty have held back projects in several countries. “Everyone wants a refinery, but a refinery needs cheap, reliable, clean power and a port that works,” said Dr Kwame Mensah, a mining economist based in Accra. “The countries that fix infrastructure first will win the processing investments.”</p>
<h2>ESG expectations rise</h2>
<p>Buyers in Europe and North America are imposing stricter due diligence requirements on mineral supply chains, covering child labour, human rights, environmental impacts and carbon intensity. That creates both a risk and an opportunity. Producers with strong ESG performance and low-carbon power can command access to premium markets; those without face exclusion.</p>
<blockquote><p>“Responsible sourcing used to be a reputational issue. It is now a market access issue, written into law in the countries that buy our minerals.”</p></blockquote>
<p>That was the view of Lwazi Mkhize, sustainability director at a South African manganese producer.</p>
<h2>Communities and the resource curse</h2>
<p>The history of mining in Africa includes many examples of mineral wealth that enriched elites and foreign companies while leaving host communities poorer and polluted. Civil society groups warn that the critical minerals rush could repeat that pattern unless revenue transparency, community consent and environmental safeguards are strengthened. The <a href="https://www.afdb.org">African Development Bank</a> and others have called for fiscal regimes that capture a fair share of value for the state and communities.</p>
<p>Critical minerals offer Africa a genuine opportunity to move up the value chain and to power its own industrialisation. Whether that opportunity is realised will depend less on what is in the ground than on the quality of governance above it.</p>`,
    categorySlugs: ['critical-minerals', 'mining-resources', 'featured-stories'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-10-30T08:00:00+02:00',
    createdAt: '2026-10-28T12:15:00+02:00',
    heroImage: 'manganese-ore-stockpile-northern-cape.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'copperbelt-battery-precursors',
    title: 'Zambia and the DRC’s battery precursor plans: can the Copperbelt move up the value chain?',
    slug: 'zambia-and-the-drc-s-battery-precursor-plans-can-the-copperbelt-move-up-the-value-chain',
    excerpt:
      'Zambia and the Democratic Republic of Congo have agreed to cooperate on a battery value chain using their copper and cobalt. Power, logistics and artisanal mining conditions will determine whether the plan succeeds.',
    bodyHtml: `<p>The Copperbelt straddling Zambia and the <strong>Democratic Republic of Congo (DRC)</strong> is one of the richest mineral regions on earth. The DRC alone produces most of the world’s cobalt, a key ingredient in many lithium-ion batteries, and both countries are major copper producers. The two governments have signed agreements to cooperate on developing a regional battery value chain, starting with battery precursor materials rather than exporting raw concentrates.</p>
<h2>The plan</h2>
<p>Battery precursors are chemical compounds, such as cobalt sulphate and nickel-manganese-cobalt hydroxides, that are processed into cathode materials. Producing them locally would capture more value and create skilled jobs. Feasibility studies supported by international partners have suggested that a precursor plant in the region could be cost-competitive, partly because of proximity to raw materials.</p>
<ul>
<li>A special economic zone for battery-related industries has been proposed in the border region.</li>
<li>Regional rail and road corridors to the ports of Lobito, Dar es Salaam and Durban are critical for exports.</li>
<li>Power supply, mostly from hydropower, is vulnerable to drought, as recent shortages showed.</li>
</ul>
<h2>Drought exposes power risk</h2>
<p>Severe drought has in recent years reduced water levels at the Kariba Dam, leading to prolonged power cuts in Zambia and affecting mines and industry. That experience has highlighted the need for diversified generation, including solar. “You cannot run a chemical plant on four hours of power a day,” said Mwila Chanda, an energy consultant in Lusaka. “The battery value chain starts with the electricity value chain.”</p>
<h2>Artisanal mining and human rights</h2>
<p>A significant share of the DRC’s cobalt is produced by artisanal miners, including in conditions that have been associated with child labour and unsafe practices. International buyers and regulators increasingly require traceability and due diligence. Efforts to formalise artisanal mining, including designated zones and state-backed purchasing, have had mixed success.</p>
<blockquote><p>“If the value chain is built on exploited labour at the bottom, it will not be accepted by the markets at the top. Formalisation is not optional.”</p></blockquote>
<p>That was the view of Espérance Mulamba, who works with artisanal mining cooperatives in Lualaba province.</p>
<h2>Global competition</h2>
<p>Precursor and cathode production is currently dominated by Asian manufacturers, who benefit from scale, experience and integrated supply chains. Competing will require partnerships, technology transfer and patient capital. Some investors see the regional plan as a hedge against supply chain concentration; others doubt that it can achieve scale soon.</p>
<p>Moving up the value chain is an ambition shared across the continent. The Copperbelt, with its mineral endowment and regional cooperation, is one of the best-placed regions to try. Its success or failure will be closely watched by other resource-rich countries.</p>`,
    categorySlugs: ['critical-minerals', 'mining-resources', 'africa-briefing', 'current-news'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-09-18T08:00:00+02:00',
    createdAt: '2026-09-17T09:30:00+02:00',
    heroImage: 'copperbelt-cobalt-processing-plant.webp',
    imageReference: null,
  },
  {
    key: 'cote-divoire-cocoa-traceability',
    title: 'Côte d’Ivoire’s cocoa traceability push races the EU deforestation deadline',
    slug: 'c-te-d-ivoire-s-cocoa-traceability-push-races-the-eu-deforestation-deadline',
    excerpt:
      'The world’s largest cocoa producer is mapping farms and issuing producer cards to prove its beans are deforestation-free. Smallholders worry that the cost of compliance will fall on them.',
    bodyHtml: `<p><strong>Côte d’Ivoire</strong> produces a large share of the world’s cocoa, mostly on small family farms. Decades of expansion have cost the country most of its original forest cover, and cocoa has been one of the main drivers. Now the European Union’s deforestation regulation, which requires companies to prove that commodities sold in the EU were not produced on recently deforested land, is forcing the sector to change how it tracks beans from farm to port.</p>
<h2>Mapping every farm</h2>
<p>The government and the cocoa regulator have launched a national traceability system that involves mapping farm boundaries with GPS, registering producers and issuing identity cards that are scanned when beans are sold. The goal is to link each bag of cocoa to a specific, geolocated farm that can be checked against satellite images of forest cover.</p>
<ul>
<li>Hundreds of thousands of farms must be mapped, many in remote areas.</li>
<li>Cooperatives and buyers share data through a central platform.</li>
<li>Farms found inside protected forests face exclusion from compliant supply chains.</li>
</ul>
<h2>The smallholder squeeze</h2>
<p>Farmers’ organisations say they support forest protection but worry about being left behind. “We are asked to prove everything, to buy phones, to register, to map, but the price we receive has not changed enough to pay for this,” said Koffi N’Guessan, a cocoa farmer and cooperative leader in the Soubré region. Farmers whose land lies in classified forests, sometimes for generations, face particular uncertainty.</p>
<h2>Child labour and living income</h2>
<p>Traceability systems can also support efforts to address child labour, which remains a serious concern in West African cocoa. Knowing exactly where cocoa comes from makes it easier to target remediation and monitoring. The <a href="https://www.cocoainitiative.org">International Cocoa Initiative</a> has worked with industry and government on child labour monitoring and remediation systems. Campaigners argue that the root cause is poverty, and that a living income for farmers is essential.</p>
<blockquote><p>“You cannot audit your way out of poverty. Traceability tells you where the problem is; only a fair price and better services will fix it.”</p></blockquote>
<p>That was the view of Aminata Touré, a researcher on agricultural supply chains based in Abidjan.</p>
<h2>Lessons for South Africa</h2>
<p>South African exporters of citrus, wine, wood products and beef are watching closely. Although the EU regulation targets specific commodities, similar traceability expectations are spreading through supply chains and trade agreements. Companies that invest early in data systems and farm-level engagement will be better positioned.</p>
<p>Côte d’Ivoire’s experience shows that traceability at national scale is possible, but costly and politically delicate. The question is who pays. If compliance costs are pushed onto the poorest farmers, the result may be less forest protection, not more, as excluded producers sell into informal channels.</p>`,
    categorySlugs: ['agriculture-food', 'biodiversity', 'environment', 'africa-briefing', 'current-news'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-10-09T08:00:00+02:00',
    createdAt: '2026-10-08T11:40:00+02:00',
    heroImage: 'cocoa-pods-smallholder-farm-soubre.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'southern-africa-maize-food-security',
    title: 'Drought-tolerant maize and the El Niño hangover: Southern Africa’s food security outlook',
    slug: 'drought-tolerant-maize-and-the-el-ni-o-hangover-southern-africa-s-food-security-outlook',
    excerpt:
      'Southern Africa is still recovering from the El Niño drought that devastated harvests in 2024. Seed systems, irrigation and social protection will determine how well the region copes with the next dry season.',
    bodyHtml: `<p>The El Niño-driven drought of the 2023/24 season was one of the most severe in decades for parts of Southern Africa. Zambia, Zimbabwe and Malawi declared national disasters as maize harvests failed across large areas, and millions of people needed food assistance. South Africa’s commercial farmers fared better, but smallholders in Limpopo and the Eastern Cape suffered heavy losses. Two seasons later, the region is assessing what has changed.</p>
<h2>Seed systems</h2>
<p>Drought-tolerant maize varieties, developed by public research institutes and private seed companies, can yield significantly more than conventional varieties under moderate drought. Adoption has increased, supported by input subsidy programmes in several countries. But access remains uneven, especially for farmers who rely on recycled seed or informal markets.</p>
<ul>
<li>Certified drought-tolerant seed costs more, and farmers need access to credit to buy it.</li>
<li>Extension services that advise on planting dates and soil moisture conservation are understaffed.</li>
<li>Crop diversification into sorghum, millet and cassava reduces dependence on maize.</li>
</ul>
<h2>Water and irrigation</h2>
<p>Most smallholder agriculture in the region is rain-fed. Small-scale irrigation, water harvesting and conservation agriculture can reduce vulnerability. “We have seen farmers who practise minimum tillage and mulching harvest a crop in a year when their neighbours harvested nothing,” said Tendai Moyo, an agronomist who works with farmers in southern Zimbabwe.</p>
<h2>Social protection</h2>
<p>Food security is not only about production. Households that lose a harvest need income support to avoid selling livestock and tools, which undermines recovery. Shock-responsive social protection, which scales up cash transfers when early warning systems predict a crisis, has been piloted in several countries. The <a href="https://www.wfp.org">World Food Programme</a> and regional bodies such as <a href="https://www.sadc.int">SADC</a> coordinate early warning and response.</p>
<blockquote><p>“The cheapest response to a drought is the one that arrives before the harvest fails. Anticipatory action saves money and dignity.”</p></blockquote>
<p>That was the conclusion of Dr Naledi Phiri, a food systems researcher who studies early warning systems in Southern Africa.</p>
<h2>The corporate angle</h2>
<p>For food companies, retailers and agricultural lenders in South Africa, climate-driven harvest volatility affects prices, margins and credit risk. Some are investing in supplier resilience programmes, including support for smallholders to adopt climate-smart practices. Investors are asking how companies assess and disclose climate risks in their agricultural supply chains.</p>
<p>Climate projections suggest that droughts will become more frequent and intense in much of Southern Africa. The 2024 drought was a warning. How the region uses the intervening years to strengthen seed systems, water management and social protection will determine the human cost of the next one.</p>`,
    categorySlugs: ['food-security', 'agriculture-food', 'climate-change', 'environment'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-08-21T08:00:00+02:00',
    createdAt: '2026-08-20T10:00:00+02:00',
    heroImage: 'drought-maize-field-limpopo.webp',
    imageReference: 'Photo: Sipho Ndlovu / ESG Africa News',
  },
  {
    key: 'electric-minibus-taxis-gauteng',
    title: 'Minibus taxis go electric: Gauteng pilot tests the economics of a just mobility transition',
    slug: 'minibus-taxis-go-electric-gauteng-pilot-tests-the-economics-of-a-just-mobility-transition',
    excerpt:
      'Minibus taxis carry most of South Africa’s commuters. A pilot putting electric minibuses on Gauteng routes is testing whether owners can make the numbers work, and what it would take to scale.',
    bodyHtml: `<p>Every weekday, millions of South Africans travel to work and school in <strong>minibus taxis</strong>. The industry is largely informal, owner-operated and fiercely competitive, and it runs almost entirely on petrol and diesel. Any serious plan to decarbonise transport in South Africa must include taxis, and a pilot project on several routes in Gauteng is testing how that might work.</p>
<h2>The pilot</h2>
<p>The pilot, involving a taxi association, a vehicle supplier, a charging provider and a development finance partner, has put a small fleet of electric minibuses on commuter routes between townships and economic centres. Drivers charge at a depot overnight and at a rank during the midday lull. Data on energy use, range, maintenance and revenue are being collected to build a business case.</p>
<ul>
<li>Electric minibuses cost significantly more to buy than diesel or petrol equivalents.</li>
<li>Running costs per kilometre are much lower, especially with solar-assisted charging.</li>
<li>Range is adequate for most urban routes, but long-distance routes remain a challenge.</li>
</ul>
<h2>The owners’ calculation</h2>
<p>“My question is simple: will I make more money at the end of the month?” said Bheki Nxumalo, a taxi owner with six vehicles who is participating in the pilot. “If the finance is right and the vehicle does not break, the fuel savings are big. But I cannot carry the risk of new technology alone.”</p>
<p>Financing is the central barrier. Taxi owners typically buy vehicles with high-interest loans, and lenders are unfamiliar with electric vehicles and uncertain about resale values. The pilot is testing a lease model in which a fleet company owns the vehicles and batteries, and owners pay a monthly fee that is lower than their combined loan and fuel costs.</p>
<h2>Charging and the grid</h2>
<p>Charging fleets of minibuses requires significant electricity at depots and ranks, many of which are in areas with unreliable supply. Solar canopies with battery storage can reduce grid dependence and costs. Municipalities will need to plan for charging infrastructure at major ranks.</p>
<blockquote><p>“If we get the taxi industry on board, we decarbonise the way most working people move. That is what a just transition in transport looks like.”</p></blockquote>
<p>That was the view of Dineo Mokoena, a transport researcher at a Johannesburg university who is evaluating the pilot.</p>
<h2>Policy support</h2>
<p>South Africa’s policy on new energy vehicles has focused mainly on manufacturing incentives for passenger cars for export. Advocates argue that public transport should be a priority, with import duty relief for electric minibuses, concessional finance and support for local assembly. A taxi recapitalisation programme could be redesigned to support electric vehicles.</p>
<p>The pilot is still small, but interest from other taxi associations is growing. If the data confirm lower total costs, the industry itself could become the driver of change.</p>`,
    categorySlugs: ['transport', 'cities-infrastructure', 'just-energy-transition', 'energy'],
    authorKey: 'author',
    status: 'published',
    publishedAt: '2026-10-23T08:00:00+02:00',
    createdAt: '2026-10-22T13:10:00+02:00',
    heroImage: 'electric-minibus-taxi-rank-charging.webp',
    imageReference: 'Photo: Thandiwe Mokoena / ESG Africa News',
  },
  {
    key: 'durban-waste-pickers-circular',
    title: 'Durban’s waste pickers and landfill gas offer a circular economy model',
    slug: 'durban-s-waste-pickers-and-landfill-gas-offer-a-circular-economy-model',
    excerpt:
      'Informal waste pickers recover most of South Africa’s recyclable packaging. In Durban, efforts to integrate them into municipal systems, alongside landfill gas-to-electricity projects, point to a more inclusive circular economy.',
    bodyHtml: `<p>Before dawn in Durban, waste pickers pull large bags through suburban streets, collecting cardboard, plastic bottles and cans from bins before municipal trucks arrive. South Africa’s estimated tens of thousands of <strong>informal waste pickers</strong> recover a large share of the country’s recyclable packaging, saving municipalities landfill space and supplying the recycling industry. Yet most earn little, work without protective equipment and face harassment.</p>
<h2>From informal to integrated</h2>
<p>The eThekwini municipality has experimented with ways to integrate waste pickers into its waste management system. Initiatives include registering pickers, providing identification and equipment, establishing buy-back centres, and including waste picker organisations in planning discussions. National waste picker integration guidelines provide a framework for municipalities.</p>
<ul>
<li>Registration gives waste pickers recognition and access to training and equipment.</li>
<li>Separation at source, where households separate recyclables, can improve both earnings and material quality.</li>
<li>Payment for the service waste pickers provide, not just for the material, is under discussion.</li>
</ul>
<h2>Voices from the street</h2>
<p>“We are doing the work of the municipality and the brands, and nobody pays us for the service,” said Nomvula Zulu, a waste picker and member of a regional waste picker organisation. “When we are registered and have a place to sort, we earn more and people treat us with respect.”</p>
<h2>Landfill gas to energy</h2>
<p>Durban was an early adopter of landfill gas-to-electricity, capturing methane from decomposing waste at landfill sites and using it to generate power. Methane is a potent greenhouse gas, so capturing it has a significant climate benefit, and the electricity generated supplies the municipal grid. The projects were among the first in Africa to earn carbon credits under international mechanisms.</p>
<blockquote><p>“Landfill gas shows that waste infrastructure can be a climate asset. Waste picker integration shows it can be a social asset. We need both.”</p></blockquote>
<p>That was the view of Rajesh Govender, a waste management consultant who has worked with several municipalities in KwaZulu-Natal.</p>
<h2>Extended producer responsibility</h2>
<p>Regulations on extended producer responsibility require packaging producers to fund the collection and recycling of their products, including through payments that support waste pickers. The effectiveness of these schemes depends on how funds are distributed and whether waste pickers receive a fair share. Durban’s experience with integration offers lessons for how that money can be channelled.</p>
<p>A circular economy is often described in terms of technology and design. In South Africa, it also depends on the people who already make circularity work, often invisibly. Recognising and paying them fairly is both an environmental and a social priority.</p>`,
    categorySlugs: ['waste-circular-economy', 'cities-infrastructure', 'community-development', 'social'],
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-08-08T08:00:00+02:00',
    createdAt: '2026-08-06T16:20:00+02:00',
    heroImage: 'waste-pickers-durban-recycling.webp',
    imageReference: 'Photo: Fatima Hendricks / ESG Africa News',
  },
  {
    key: 'epr-packaging-levies',
    title: 'Extended producer responsibility: packaging fees start to bite for South African brands',
    slug: 'extended-producer-responsibility-packaging-fees-start-to-bite-for-south-african-brands',
    excerpt:
      'Brand owners and importers now pay fees to producer responsibility organisations to fund the collection and recycling of their packaging. Costs are rising, and questions about enforcement and free-riders persist.',
    bodyHtml: `<p>South Africa’s <strong>extended producer responsibility (EPR)</strong> regulations, issued under the Waste Act, require producers of packaging, electrical and electronic equipment and lighting to take financial responsibility for their products at end of life. For packaging, that means brand owners and importers must join a producer responsibility organisation (PRO), pay fees based on the type and weight of packaging they place on the market, and meet collection and recycling targets.</p>
<h2>Rising fees</h2>
<p>Fees charged by PROs have increased as targets rise and as the cost of collection and recycling is better understood. Materials that are hard to recycle, such as multilayer flexible packaging, attract higher fees, creating an incentive to switch to recyclable designs. For large consumer goods companies, EPR fees now run into tens of millions of rand a year.</p>
<ul>
<li>Fees are modulated by material type and recyclability.</li>
<li>Targets increase annually for collection and recycling rates.</li>
<li>Producers must report volumes placed on the market through a national system.</li>
</ul>
<h2>Free-riders and enforcement</h2>
<p>Compliant companies complain that many smaller producers and importers have not registered, leaving them to carry the cost of the system. Enforcement by the <a href="https://www.dffe.gov.za">Department of Forestry, Fisheries and the Environment</a> has been limited by capacity. “Every rand a free-rider avoids is a rand that compliant companies pay,” said Liesl Jacobs, head of packaging sustainability at a consumer goods company. “Enforcement is the difference between a functioning system and a tax on the responsible.”</p>
<h2>Where does the money go?</h2>
<p>PROs use fees to support collection infrastructure, buy-back centres, waste picker payments, recycling capacity and consumer education. Transparency about how funds are spent varies between organisations. Waste picker organisations have pushed for a larger and more direct share of funding, arguing that they perform most of the collection.</p>
<blockquote><p>“EPR should pay for the system that actually exists, which is built on waste pickers. Otherwise it funds reports and conferences instead of collection.”</p></blockquote>
<p>That was the criticism of Sibongile Cele, who coordinates a national network of waste picker organisations.</p>
<h2>Design changes</h2>
<p>Some brands are redesigning packaging to reduce fees and improve recyclability: removing coloured plastics, switching to mono-materials, reducing weight and introducing refill systems. Retailers are experimenting with refill stations for household products. These changes are the ultimate purpose of EPR, shifting the cost of waste to those who design products.</p>
<p>The EPR system is still maturing. With stronger enforcement, more transparency and fair payment for waste pickers, it could significantly increase recycling rates. Without them, it risks becoming a compliance burden that changes little on the ground.</p>`,
    categorySlugs: ['waste-circular-economy', 'cities-infrastructure', 'regulation-policy', 'governance'],
    authorKey: 'admin',
    status: 'published',
    publishedAt: '2026-11-10T08:00:00+02:00',
    createdAt: '2026-11-09T10:30:00+02:00',
    heroImage: 'packaging-recycling-bales-sorting.webp',
    imageReference: 'Photo: Supplied',
  },
  {
    key: 'farmworkers-heat-pesticides',
    title: 'Farmworkers’ wages, heat and pesticide exposure: the S in ESG on South Africa’s farms',
    slug: 'farmworkers-wages-heat-and-pesticide-exposure-the-s-in-esg-on-south-africa-s-farms',
    excerpt:
      'Export buyers audit South African farms for labour standards, but farmworkers say seasonal contracts, heat and pesticide exposure remain daily concerns. Retailers and investors are starting to look beyond the audit certificate.',
    bodyHtml: `<p>South Africa’s fruit and wine exports depend on hundreds of thousands of <strong>farmworkers</strong>, many of them seasonal. Export markets require farms to pass ethical and food safety audits, and many large producers have invested in housing, training and worker committees. Yet labour rights organisations say that the audit system misses much of what workers experience, particularly for seasonal and labour broker workers.</p>
<h2>Wages and contracts</h2>
<p>The national minimum wage applies to farmworkers, and most farms comply. But seasonal workers often work only a few months a year, and annual income remains low. Workers employed through labour brokers may receive fewer benefits and less job security than permanent staff.</p>
<ul>
<li>Seasonal work is concentrated in harvest periods, leaving long stretches without income.</li>
<li>Housing on farms can be tied to employment, creating insecurity for families.</li>
<li>Union membership among farmworkers remains low.</li>
</ul>
<h2>Heat and pesticides</h2>
<p>As summers get hotter, heat stress in orchards and vineyards is a growing concern. Workers describe long days in direct sun with limited breaks. Pesticide exposure is another issue: workers report spraying without adequate protective equipment and re-entering sprayed blocks too soon. Some pesticides banned in the European Union are still used in South Africa.</p>
<p>“We pick for Europe, but we are not protected like workers in Europe,” said Magdalena Februarie, a seasonal worker from the Hex River Valley who has worked on farms for more than twenty years. “When it is very hot, we still have to fill the bins, because we are paid per bin.”</p>
<h2>Beyond the audit</h2>
<p>Retailers and investors are increasingly aware of the limitations of audits, which are often announced in advance and focus on documentation. Some are supporting worker voice mechanisms, such as anonymous hotlines and independent worker surveys, and engaging directly with farmworker organisations.</p>
<blockquote><p>“An audit tells you what the farm wants you to see on one day. Worker voice tells you what happens on the other 364 days.”</p></blockquote>
<p>That was the observation of Carol Adams, who leads a farmworker rights organisation in the Western Cape.</p>
<h2>The business case</h2>
<p>Producers that invest in worker wellbeing report lower turnover, higher productivity and better relationships with buyers. Human rights due diligence laws in Europe are increasing pressure on buyers to address risks in their supply chains, which will flow back to producers. The <a href="https://www.labour.gov.za">Department of Employment and Labour</a> is responsible for inspections, but capacity is limited relative to the number of farms.</p>
<p>The social dimension of ESG is often harder to measure than emissions. On South Africa’s farms, it can be measured in wages over a year, shade in the orchards and the safety of the chemicals used. Those measures should be part of every buyer’s assessment.</p>`,
    categorySlugs: ['labour-human-rights', 'social', 'food-security', 'agriculture-food'],
    primaryCategorySlug: 'labour-human-rights',
    authorKey: 'author2',
    status: 'published',
    publishedAt: '2026-09-12T08:00:00+02:00',
    createdAt: '2026-09-10T15:00:00+02:00',
    heroImage: 'farmworkers-orchard-hex-river-valley.webp',
    imageReference: 'Photo: Fatima Hendricks / ESG Africa News',
  },
];
