"""Reconstruction of n3d1117/chatgpt-telegram-bot@df4dcaa26923dee560ef8f9b4f18a682c9b059ad:bot/plugins/weather.py (lines 1-82), trimmed; not the original text."""
from datetime import datetime
from typing import Dict

import requests


class WeatherPlugin:
    def get_spec(self) -> [Dict]:
        latitude_param = {"type": "string", "description": "Latitude of the location"}
        longitude_param = {"type": "string", "description": "Longitude of the location"}
        unit_param = {"type": "string", "enum": ["celsius", "fahrenheit"]}
        return [
            {
                "name": "get_current_weather",
                "description": "Get the current weather for a location using Open Meteo APIs.",
                "parameters": {
                    "type": "object",
                    "properties": {"latitude": latitude_param, "longitude": longitude_param, "unit": unit_param},
                    "required": ["latitude", "longitude", "unit"],
                },
            },
            {
                "name": "get_forecast_weather",
                "description": "Get daily weather forecast for a location using Open Meteo APIs."
                               f"Today is {datetime.today().strftime('%A, %B %d, %Y')}",  # expect: PL101
                "parameters": {
                    "type": "object",
                    "properties": {
                        "latitude": latitude_param,
                        "longitude": longitude_param,
                        "unit": unit_param,
                        "forecast_days": {"type": "integer", "description": "The number of days to forecast."},
                    },
                    "required": ["latitude", "longitude", "unit", "forecast_days"],
                },
            }
        ]

    async def execute(self, function_name, helper, **kwargs) -> Dict:
        url = f'https://api.open-meteo.com/v1/forecast?latitude={kwargs["latitude"]}&longitude={kwargs["longitude"]}'
        response = requests.get(url).json()
        results = {}
        for i, time in enumerate(response["daily"]["time"]):
            results[datetime.strptime(time, "%Y-%m-%d").strftime("%A, %B %d, %Y")] = {
                "weather_code": response["daily"]["weather_code"][i],
            }
        return {"today": datetime.today().strftime("%A, %B %d, %Y"), "forecast": results}
