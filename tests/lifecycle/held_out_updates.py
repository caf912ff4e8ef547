"""Held-out test data for memory update detection.

Written by an independent helper session that did not see the detection
code, its docs, its Cypher or its existing tests. This is held-out data:
no rule, pattern, keyword list or lexicon in the implementation may name
its words or be tuned to its sentences.
"""

UPDATES: list[tuple[str, str, str]] = [
    # ---------------------------------------------------------------- everyday
    ("I currently live in Berlin.", "I moved to Lisbon in March.", "everyday/event"),
    (
        "Our home is a small rented flat in Leeds.",
        "We bought a house in York and left Leeds last autumn.",
        "everyday/event",
    ),
    (
        "I work as a junior data analyst at Ocado.",
        "Got promoted to senior data analyst at Ocado last week!",
        "everyday/job-title",
    ),
    (
        "Maya works for Deloitte in their Dublin office.",
        "Maya left Deloitte and joined Stripe in January.",
        "everyday/employer",
    ),
    (
        "My manager is Karen Li.",
        "Karen moved to another department, so I report to Rahul Mehta these days.",
        "everyday/manager",
    ),
    (
        "My partner's name is Sam; we've been together three years.",
        "Sam and I split up in the spring, and I've been dating Jordan since June.",
        "everyday/partner",
    ),
    ("I'm vegetarian and have been for years.", "I went fully vegan after New Year.", "everyday/diet"),
    ("I use an iPhone 12 as my phone.", "Upgraded my phone to a Pixel 8 over the weekend.", "everyday/phone"),
    ("I drive a 2015 Honda Civic.", "Sold the Civic and picked up a used Tesla Model 3 instead.", "everyday/car"),
    (
        "I go to the gym on Mondays and Thursdays.",
        "Because of the new job, my gym days shifted to Tuesdays and Saturdays.",
        "everyday/schedule",
    ),
    (
        "My favourite band is Radiohead.",
        "These days the band I love most is Fontaines D.C.; Radiohead has slipped to second.",
        "everyday/favourite",
    ),
    (
        "Our daughter Ella attends Hillside Primary School.",
        "Ella started at Brookfield Academy in September after we changed schools.",
        "everyday/school",
    ),
    (
        "I'm allergic to penicillin, according to my GP.",
        "Turns out the penicillin allergy was a misdiagnosis; the clinic's test cleared me to take it.",
        "everyday/correction",
    ),
    (
        "My usual coffee order is a flat white.",
        "I've switched to oat cortados; flat whites feel too heavy lately.",
        "everyday/favourite",
    ),
    ("I'm 34 years old right now.", "Just turned thirty-five yesterday, cake and all.", "everyday/number"),
    (
        "My dentist is Dr. Patel on Elm Street.",
        "Dr. Patel retired, so I've registered with Dr. Okafor at the Riverside practice.",
        "everyday/event",
    ),
    (
        "I bank with Barclays for everything.",
        "Moved all my accounts over to Monzo this month and closed Barclays.",
        "everyday/event",
    ),
    ("My mobile number ends in 4471.", "I got a new SIM and my number ends in 9082 from today.", "everyday/number"),
    (
        "I run about 20 km a week.",
        "My weekly running mileage has climbed to around thirty kilometres.",
        "everyday/number",
    ),
    (
        "My son Leo plays football on Saturday mornings.",
        "Leo quit football and does swimming lessons on Saturday mornings instead.",
        "everyday/event",
    ),
    ("I'm learning to play the guitar.", "I gave up on guitar and started piano lessons instead.", "everyday/hobby"),
    ("I weigh 82 kg at the moment.", "Down to 76 kilos after the spring cut.", "everyday/number"),
    (
        "I take the 8:10 train to work.",
        "Since the timetable changed I've been catching the 7:45 into the city.",
        "everyday/time",
    ),
    (
        "Our landlord is Mr. Hughes.",
        "Mr. Hughes sold the building, and rent is paid to Grainger Lettings from this month.",
        "everyday/event",
    ),
    ("My mobile contract is with Vodafone.", "I ported my number to Three to get cheaper data.", "everyday/event"),
    (
        "My favourite restaurant in town is Dishoom.",
        "Honestly, Kiln has replaced Dishoom as my favourite place to eat.",
        "everyday/favourite",
    ),
    ("I'm single and not looking right now.", "I got engaged to Marco over the holidays!", "everyday/relationship"),
    ("My mum lives with us in the spare room.", "Mum moved into a care home in Bristol in May.", "everyday/event"),
    (
        "I commute to the office by car.",
        "I cycle to the office every day now that parking costs doubled; the car stays home.",
        "everyday/commute",
    ),
    (
        "I'm a night owl and usually fall asleep around 2am.",
        "Since the baby arrived I'm in bed by ten most nights.",
        "everyday/time",
    ),
    ("We have two cats at home.", "We adopted a third cat, Miso, from the shelter last week.", "everyday/number"),
    (
        "My Spotify plan is Premium Individual.",
        "We upgraded to Spotify Family so the kids get their own accounts.",
        "everyday/plan",
    ),
    (
        "I always start my morning with green tea.",
        "I've gone off tea entirely; it's black coffee every morning.",
        "everyday/preference",
    ),
    (
        "My emergency contact is my brother, Tomás.",
        "Please list my wife, Elena, as my emergency contact instead of Tomás.",
        "everyday/contact",
    ),
    (
        "The kids' bedtime is 8pm on school nights.",
        "We pushed the kids' school-night bedtime back to half past eight.",
        "everyday/time",
    ),
    (
        "My main laptop is a ThinkPad X1 Carbon.",
        "Work gave me a MacBook Pro M3 and the ThinkPad went back to IT.",
        "everyday/device",
    ),
    (
        "My surname is Kowalski, after my father.",
        "After the wedding I took my husband's surname, so I'm Anna Brennan on all my documents.",
        "everyday/name",
    ),
    (
        "My sister Priya lives in Toronto.",
        "Where does Priya live these days? Vancouver, she relocated for her residency.",
        "everyday/question",
    ),
    (
        "Our flat is heated by an old gas boiler.",
        "The gas boiler was ripped out and replaced by a heat pump in October.",
        "everyday/passive",
    ),
    (
        "My yoga class is on Wednesday evenings at 7.",
        "As of this term, yoga has moved to Friday mornings at 7:30.",
        "everyday/fronted",
    ),
    (
        "My doctor's surgery is the Castle Street practice.",
        "I've been transferred to the Northgate Medical Centre since we moved across town.",
        "everyday/passive",
    ),
    (
        "I'm studying for the CFA level 1 exam.",
        "Passed CFA level 1 in June; I'm preparing for level 2 at the moment.",
        "everyday/event",
    ),
    # ------------------------------------------------------------- engineering
    ("Tom owns the payments service.", "Priya took over the payments service from Tom.", "engineering/owner"),
    (
        "The orders database runs on MySQL.",
        "We migrated the orders database from MySQL to PostgreSQL.",
        "engineering/event",
    ),
    (
        "Our CI runs on Jenkins.",
        "We switched the CI to GitHub Actions, mostly for the matrix builds.",
        "engineering/detail-added",
    ),
    ("The frontend uses React 17.", "Bumped the frontend to React 18.2 yesterday.", "engineering/version"),
    (
        "The API servers run Python 3.9.",
        "All API hosts were upgraded to Python 3.12 during Sunday's maintenance window.",
        "engineering/version",
    ),
    (
        "Our primary cluster lives in us-east-1.",
        "For GDPR reasons we moved the primary cluster to eu-west-1.",
        "engineering/region",
    ),
    (
        "The auth service is hosted on auth-01.internal.",
        "auth-01 was decommissioned; the auth service runs on auth-k8s.prod.internal from here on.",
        "engineering/host",
    ),
    (
        "Marcus is on call this week.",
        "Marcus swapped shifts with Ingrid, so she's carrying the pager this week.",
        "engineering/on-call",
    ),
    (
        "The public API rate limit is 100 requests per minute.",
        "We raised the public API rate limit to 250 req/min after the enterprise complaints.",
        "engineering/limit",
    ),
    (
        "Staging Redis listens on port 6379.",
        "Staging Redis was moved to port 6380 to avoid a clash with the sidecar.",
        "engineering/port",
    ),
    (
        "The nightly backup job runs at 2am UTC.",
        "Backups were rescheduled to 03:30 UTC so they don't overlap with the ETL.",
        "engineering/schedule",
    ),
    (
        "We host all our infrastructure on AWS.",
        "The company completed its move from AWS to Google Cloud last quarter.",
        "engineering/cloud",
    ),
    (
        "The admin dashboard is built with Angular.",
        "We rewrote the admin dashboard in Svelte over the summer.",
        "engineering/framework",
    ),
    (
        "We're on the Datadog Pro plan.",
        "Finance downgraded our Datadog subscription to the free tier to cut costs.",
        "engineering/pricing",
    ),
    (
        "The checkout API has a 99.9% uptime SLA.",
        "Legal signed a new contract that commits checkout to 99.95% availability.",
        "engineering/sla",
    ),
    (
        "The platform team has six engineers.",
        "Two new hires joined platform this month, bringing it to eight engineers.",
        "engineering/team-size",
    ),
    (
        "The v3 launch deadline is March 15.",
        "Leadership pushed the v3 launch back to the first of May.",
        "engineering/deadline",
    ),
    (
        "Daily standup is at 9:30 every morning.",
        "We moved daily standup to 10:00 so the Denver folks can join.",
        "engineering/meeting-time",
    ),
    (
        "Application logs are shipped to Elasticsearch.",
        "Logging goes to Grafana Loki since we shut down the Elasticsearch cluster.",
        "engineering/event",
    ),
    (
        "The mobile app's minimum iOS version is 15.",
        "We dropped iOS 15 support; the app requires iOS 16 or later.",
        "engineering/version",
    ),
    (
        "Deploys go out on Tuesdays and Thursdays.",
        "We moved to continuous deployment, so every merge to main ships immediately.",
        "engineering/schedule",
    ),
    (
        "The search service is maintained by the Discovery team.",
        "In the reorg, ownership of search was transferred to the Relevance squad.",
        "engineering/owner",
    ),
    (
        "Our Kubernetes clusters run version 1.26.",
        "Finished rolling every cluster to k8s 1.29 this morning.",
        "engineering/version",
    ),
    (
        "The maximum upload size is 10 MB.",
        "Users can upload files up to 50 megabytes after yesterday's release.",
        "engineering/limit",
    ),
    (
        "The default session timeout is 30 minutes.",
        "After the security audit we shortened session timeouts to fifteen minutes.",
        "engineering/limit",
    ),
    (
        "Our DNS is managed through GoDaddy.",
        "We transferred all our domains and DNS records over to Cloudflare.",
        "engineering/event",
    ),
    (
        "The data warehouse is Amazon Redshift.",
        "Analytics finished migrating off Redshift; Snowflake is the warehouse going forward.",
        "engineering/event",
    ),
    (
        "The billing service is written in Ruby on Rails.",
        "Billing got rewritten in Go and the old Rails app was archived.",
        "engineering/framework",
    ),
    (
        "Sofia is the tech lead for the mobile team.",
        "Who leads mobile engineering these days? Dev Anand, ever since Sofia moved to the platform group.",
        "engineering/question",
    ),
    (
        "The staging environment is at staging.acme.io.",
        "Staging moved to a new domain, stg.acme-internal.com.",
        "engineering/host",
    ),
    (
        "We use npm for package management in the web repo.",
        "The web repo switched from npm to pnpm last sprint.",
        "engineering/tooling",
    ),
    (
        "The Postgres connection pool size is 20.",
        "I bumped the Postgres pool to 40 connections because of timeouts under load.",
        "engineering/limit",
    ),
    (
        "Our error tracking runs through Sentry.",
        "Sentry got replaced by Rollbar when the contract came up for renewal.",
        "engineering/passive",
    ),
    (
        "Our sprints are two weeks long.",
        "Starting this quarter, the team runs one-week sprints.",
        "engineering/schedule",
    ),
    (
        "The team retrospective is on Friday afternoons.",
        "Retros were moved to Wednesdays at 2pm.",
        "engineering/meeting-time",
    ),
    (
        "The ML models are served with Flask.",
        "We replaced the Flask model server with FastAPI behind Uvicorn.",
        "engineering/framework",
    ),
    (
        "The Kafka cluster has 3 brokers.",
        "Ahead of Black Friday, Kafka was scaled out to five brokers.",
        "engineering/number",
    ),
    (
        "Our Slack incident channel is #incidents.",
        "We renamed the incident channel, so incident chatter happens in #inc-war-room.",
        "engineering/name",
    ),
    (
        "The company VPN is OpenVPN.",
        "IT replaced OpenVPN with Tailscale for everyone last month.",
        "engineering/tooling",
    ),
    (
        "Our GitHub organisation is on the Team plan.",
        "We upgraded the GitHub org to Enterprise Cloud to get SAML SSO.",
        "engineering/pricing",
    ),
    (
        "The production database has 64 GB of RAM.",
        "Prod DB was resized to a 128 GiB instance after the OOM incident.",
        "engineering/number",
    ),
    (
        "Our API cache TTL is 5 minutes.",
        "Since the pricing bug, API cache entries expire after sixty seconds.",
        "engineering/limit",
    ),
    ("The code freeze starts on December 10.", "The code freeze was moved up to December 3rd.", "engineering/deadline"),
    (
        "Alerts page the SRE team via PagerDuty.",
        "We moved alert paging from PagerDuty to Opsgenie.",
        "engineering/tooling",
    ),
    (
        "The Grafana instance is maintained by Lukas.",
        "Lukas handed Grafana over to Chen when he moved to the data team.",
        "engineering/owner",
    ),
]

NON_UPDATES: list[tuple[str, str, str]] = [
    # ------------------------------------------- different subjects, same attribute
    ("The staging DB runs PostgreSQL 14.", "The production DB runs PostgreSQL 16.", "different-subject"),
    (
        "The iOS app is built with Swift.",
        "The Android app is built with Kotlin and Jetpack Compose.",
        "different-subject",
    ),
    ("The payments service is owned by Priya.", "Tom owns the notifications service.", "different-subject"),
    (
        "Our EU customers are served from Frankfurt.",
        "US customers are served out of the Virginia region.",
        "different-subject",
    ),
    ("The web team deploys on Mondays.", "The data team ships its pipelines on Thursdays.", "different-subject"),
    (
        "The public API has a rate limit of 100 requests per minute.",
        "The internal admin API allows 1,000 requests per minute.",
        "different-subject",
    ),
    ("Our living room is painted sage green.", "We painted the kitchen a warm off-white.", "different-subject"),
    ("The Berlin office opens at 8am.", "The London office opens its doors at nine.", "different-subject"),
    (
        "The orders Kafka topic keeps messages for 7 days.",
        "The audit-log topic retains messages for 90 days.",
        "different-subject",
    ),
    ("My work laptop is a MacBook Air.", "For personal stuff I use a Framework 13 laptop.", "different-subject"),
    (
        "Our main Redis instance listens on port 6379.",
        "The session-store Redis runs on port 6380.",
        "different-subject",
    ),
    # --------------------------------------------------- two people, different facts
    ("My sister lives in Porto.", "My brother lives in Madrid.", "different-person"),
    ("Alice prefers tea over anything else.", "Bob prefers coffee, black with no sugar.", "different-person"),
    ("Raj is allergic to peanuts.", "Raj's daughter Meera is allergic to shellfish.", "different-person"),
    ("My manager is Karen Li.", "My wife's manager is a guy called Steve Harlow.", "different-person"),
    ("Lena works at Spotify in Stockholm.", "Her husband Jonas works at Klarna.", "different-person"),
    (
        "I'm vegetarian and have been for years.",
        "My partner eats pretty much everything, meat included.",
        "different-person",
    ),
    ("My son goes to Hillside Primary.", "My niece attends St. Anne's in the next town over.", "different-person"),
    ("Tom drives a Ford Focus to work.", "Priya drives an electric Kia Niro.", "different-person"),
    (
        "Dev is the tech lead for the mobile team.",
        "Sofia leads the platform team as its tech lead.",
        "different-person",
    ),
    ("I use an iPhone 15 Pro.", "My dad still uses an old Samsung Galaxy S9.", "different-person"),
    # ----------------------------------------------- different periods, both history
    ("In 2019 the team had 4 engineers.", "In 2023 the team had 11 engineers.", "different-period"),
    ("Our 2022 revenue was $1.2M.", "In 2023 we made $2.1 million in revenue.", "different-period"),
    ("Marcus was on call last week.", "Ingrid is on call this week.", "different-period"),
    (
        "I lived in Manchester during university.",
        "After graduating I spent three years in Glasgow before moving abroad.",
        "different-period",
    ),
    (
        "Last year's company offsite was in Lisbon.",
        "This year's offsite is booked for Kraków in June.",
        "different-period",
    ),
    (
        "My 2023 conference talk was about GraphQL.",
        "At the 2024 conference I spoke about event sourcing.",
        "different-period",
    ),
    (
        "In January the API averaged 120ms p95 latency.",
        "February's p95 latency for the API averaged 95ms.",
        "different-period",
    ),
    ("Sprint 41 focused on the billing migration.", "Sprint 42 was all about onboarding fixes.", "different-period"),
    ("Release 2.3 shipped on April 2.", "Release 2.4 went out on May 14.", "different-period"),
    (
        "Back in 2010 my first car was a Fiat Panda.",
        "In 2016 I bought a Skoda Octavia, my second car.",
        "different-period",
    ),
    # ------------------------------------------ added detail, value unchanged
    ("Our CI runs on Jenkins.", "Our Jenkins CI also builds the docs nightly.", "detail-added"),
    ("I currently live in Berlin.", "My flat in Berlin is in Kreuzberg, near the canal.", "detail-added"),
    ("Tom owns the payments service.", "Tom also wrote most of the payments retry logic himself.", "detail-added"),
    ("The orders database runs on PostgreSQL.", "The orders Postgres database has two read replicas.", "detail-added"),
    ("I drive a Honda Civic.", "My Civic is a grey hatchback with about 80,000 miles on it.", "detail-added"),
    ("I work at Ocado as a data analyst.", "At Ocado I mostly analyse delivery route efficiency.", "detail-added"),
    ("The frontend uses React 18.", "The React frontend is bundled with Vite and tested with Vitest.", "detail-added"),
    ("We host all our infrastructure on AWS.", "Most of our AWS spend goes to RDS and EC2.", "detail-added"),
    ("I go to the gym on Mondays and Thursdays.", "On my Thursday gym sessions I focus on deadlifts.", "detail-added"),
    (
        "Our daughter attends Hillside Primary School.",
        "Hillside Primary runs an after-school coding club that she loves.",
        "detail-added",
    ),
    # ----------------------------------------------- paraphrases of the same value
    ("The office closes at 6pm.", "We lock up the office at 18:00.", "paraphrase"),
    ("I currently live in Berlin.", "Home for me is Berlin these days.", "paraphrase"),
    (
        "The public API rate limit is 100 requests per minute.",
        "Clients may make up to a hundred API calls each minute.",
        "paraphrase",
    ),
    ("Priya owns the payments service.", "Priya is the person responsible for payments.", "paraphrase"),
    ("The nightly backup runs at 2am UTC.", "Backups kick off every night at 02:00 UTC.", "paraphrase"),
    ("I follow a vegan diet.", "I don't eat any animal products at all.", "paraphrase"),
    ("The team has twelve engineers.", "There are 12 engineers on the team.", "paraphrase"),
    (
        "Our primary cluster is in us-east-1.",
        "The primary cluster sits in AWS's Northern Virginia region.",
        "paraphrase",
    ),
    ("The session timeout is 30 minutes.", "Idle sessions are logged out after half an hour.", "paraphrase"),
    ("My manager is Karen Li.", "I report directly to Karen Li.", "paraphrase"),
    # ---------------------------------------- same subject, different attribute
    ("The API is written in Go.", "The API is deployed on Fly.io.", "different-attribute"),
    ("My sister lives in Porto.", "My sister works as a paediatric nurse.", "different-attribute"),
    ("The orders database runs on PostgreSQL 15.", "The orders database is about 2 TB in size.", "different-attribute"),
    ("Tom owns the payments service.", "Tom is based in the Manchester office.", "different-attribute"),
    ("The billing service runs in eu-west-1.", "The billing service is written in Kotlin.", "different-attribute"),
    ("I drive a Tesla Model 3.", "I live about 20 miles from the office.", "different-attribute"),
    ("Daily standup is at 9:30.", "Standup usually lasts about fifteen minutes.", "different-attribute"),
    ("Our Kafka cluster has five brokers.", "The Kafka cluster runs version 3.6.", "different-attribute"),
    ("My son Leo is nine years old.", "Leo's favourite subject at school is maths.", "different-attribute"),
    ("The mobile app supports iOS 16 and later.", "The mobile app is owned by the Growth team.", "different-attribute"),
    # ------------------------------------------------ additive, not replacement
    ("I speak Spanish fairly well.", "I also speak Portuguese, picked up in Brazil.", "additive"),
    ("Our product supports PostgreSQL databases.", "We added MySQL support as well.", "additive"),
    ("We have a cat named Miso.", "We also got a puppy called Pickle last month.", "additive"),
    ("The API accepts JSON request bodies.", "The API accepts MessagePack payloads too.", "additive"),
    ("Marta is on the platform team.", "Marta also joined the security guild.", "additive"),
    ("We ship orders to the UK.", "We started shipping to Ireland as well.", "additive"),
    ("I play tennis most weeks.", "On weekends I've also taken up bouldering.", "additive"),
    # ------------------------------------------ plans and hypotheticals only
    ("The API is written in Go.", "We might move the API to Rust next year.", "plan"),
    ("I currently live in Berlin.", "I'm thinking about moving to Lisbon at some point.", "plan"),
    (
        "We host all our infrastructure on AWS.",
        "Finance wants us to evaluate Azure credits before the renewal.",
        "plan",
    ),
    ("I drive a Honda Civic.", "If the Civic fails its MOT I'll probably get an EV.", "plan"),
    ("Our CI runs on Jenkins.", "Would GitHub Actions be cheaper than our Jenkins setup? Worth investigating.", "plan"),
    ("Tom owns the payments service.", "If Tom goes on paternity leave, Priya would cover payments.", "plan"),
    ("The v3 launch deadline is March 15.", "There's a risk the v3 launch could slip if QA finds blockers.", "plan"),
]
